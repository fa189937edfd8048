import { useSearchParams } from 'react-router';
import { usePayoutMethods } from './api/payout-methods';

/** The method named by ?id= among the user's own (the list holds at most 10). */
export function useMethodFromQuery() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const methods = usePayoutMethods();
  const method = methods.data?.list.find((item) => item.id === id);
  return { methods, method };
}

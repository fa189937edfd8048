import { useSearchParams } from 'react-router';

/** The order a screen is about (`?order_no=`), '' when none. */
export function useOrderNoParam(): string {
  const [params] = useSearchParams();
  return params.get('order_no') ?? '';
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerServicePaths, type FaqMain } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { customerServiceKeys } from '@/core/query-keys';

/** The help centre's front page (categories and hot questions), as /customerService shows it. */
export function fetchHelpCentre(): Promise<FaqMain> {
  return http.get<FaqMain>(customerServicePaths.faq).then(unwrap);
}

export const helpCentreQueryOptions = () =>
  queryOptions({
    queryKey: customerServiceKeys.faq(undefined, '', undefined),
    queryFn: fetchHelpCentre,
    staleTime: 5 * 60_000,
  });

export function useHelpCentre() {
  return useQuery(helpCentreQueryOptions());
}

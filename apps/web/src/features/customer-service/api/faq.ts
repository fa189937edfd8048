import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customerServicePaths, type FaqMain } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { customerServiceKeys } from '@/core/query-keys';

export interface FaqArgs {
  categoryId?: number | undefined;
  keyword: string;
  id?: number | undefined;
}

export function fetchFaq({ categoryId, keyword, id }: FaqArgs): Promise<FaqMain> {
  const params = {
    ...(categoryId !== undefined ? { category_id: categoryId } : {}),
    ...(keyword ? { keyword } : {}),
    ...(id !== undefined ? { id } : {}),
  };
  return http.get<FaqMain>(customerServicePaths.faq, params).then(unwrap);
}

export const faqQueryOptions = (args: FaqArgs) =>
  queryOptions({
    queryKey: customerServiceKeys.faq(args.categoryId, args.keyword, args.id),
    queryFn: () => fetchFaq(args),
  });

export function useFaq(args: FaqArgs) {
  return useQuery({ ...faqQueryOptions(args), placeholderData: keepPreviousData });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type FeedbackItem, type Page } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { personalKeys } from '@/core/query-keys';

export const MY_FEEDBACK_PAGE_SIZE = 20;

export function fetchMyFeedback(): Promise<Page<FeedbackItem>> {
  return http
    .get<Page<FeedbackItem>>(apiPaths.feedbackList, { page: 1, page_size: MY_FEEDBACK_PAGE_SIZE })
    .then(unwrap);
}

export const myFeedbackQueryOptions = () =>
  queryOptions({ queryKey: personalKeys.feedback, queryFn: fetchMyFeedback });

export function useMyFeedback(enabled: boolean) {
  return useQuery({ ...myFeedbackQueryOptions(), enabled });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type FeedbackItem, type FeedbackRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export function submitFeedback(request: FeedbackRequest): Promise<FeedbackItem> {
  return http.post<FeedbackItem>(apiPaths.feedback, request).then(unwrap);
}

export function useSubmitFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    onSuccess: () => invalidateAfter(client, 'submitFeedback'),
    onError: showError,
  });
}

import { useMutation } from '@tanstack/react-query';
import { apiPaths, type FeedbackItem, type FeedbackRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';

export interface Wish {
  content: string;
  page: string;
}

/** A wish is feedback (SPEC §7 POST /app/user/feedback) about a page that is not built yet. */
export function submitWish(wish: Wish): Promise<FeedbackItem> {
  const body: FeedbackRequest = { ...wish, category: 'feature_request' };
  return http.post<FeedbackItem>(apiPaths.feedback, body).then(unwrap);
}

export function useSubmitWish(onSent: () => void) {
  return useMutation({ mutationFn: submitWish, onSuccess: onSent, onError: showError });
}

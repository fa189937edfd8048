import { useMutation } from '@tanstack/react-query';
import { apiPaths, type RecallRequest, type SendMessageResult } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';

export function recallMessage(request: RecallRequest): Promise<SendMessageResult> {
  return http.post<SendMessageResult>(apiPaths.chatRecall, request).then(unwrap);
}

/** The answer is the recalled message; the caller puts it into the history. */
export function useRecallMessage(onDone: (result: SendMessageResult) => void) {
  return useMutation({ mutationFn: recallMessage, onSuccess: onDone, onError: showError });
}

import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ChatReportRequest, type ChatReportResult } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';

export function reportChat(request: ChatReportRequest): Promise<ChatReportResult> {
  return http.post<ChatReportResult>(apiPaths.chatReport, request).then(unwrap);
}

export function useReportChat(onDone: () => void) {
  return useMutation({ mutationFn: reportChat, onSuccess: onDone, onError: showError });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  evaluationPaths,
  type SubmitEvaluationRequest,
  type SubmitEvaluationResult,
} from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export interface SubmitEvaluationCommand {
  request: SubmitEvaluationRequest;
  /** One per form: the cash back it may earn is paid once. */
  idempotencyKey: string;
}

export function submitEvaluation({
  request,
  idempotencyKey,
}: SubmitEvaluationCommand): Promise<SubmitEvaluationResult> {
  return http
    .post<SubmitEvaluationResult>(evaluationPaths.submit, request, {
      headers: { 'Idempotency-Key': idempotencyKey },
    })
    .then(unwrap);
}

export function useSubmitEvaluation(onDone: (result: SubmitEvaluationResult) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitEvaluation,
    onSuccess: (result) => {
      void invalidateAfter(client, 'submitEvaluation');
      onDone(result);
    },
    onError: showError,
  });
}

import { ErrorCodes } from '@haoshi/contracts';
import { isApiError } from '@/core/http/client';
import { publishMessages as text } from '../messages';

/** The server's Chinese message without the "（files.0.size）" path it appends for developers. */
export function refusalText(error: unknown): string {
  if (isApiError(error)) return error.message.replace(/（[\w.]+）$/, '');
  return text.uploadNetworkError;
}

/** Refusals about the file itself: sending the same bytes again cannot succeed. */
const fileRefusals: ReadonlySet<number> = new Set([
  ErrorCodes.VALIDATION_FAILED,
  ErrorCodes.UPLOAD_TYPE_UNSUPPORTED,
  ErrorCodes.UPLOAD_TOO_LARGE,
  ErrorCodes.UPLOAD_IMAGE_BROKEN,
]);

/** Whether 重试 can help (network trouble, an expired or used ticket), given the refusal's code. */
export function isRetryable(code: number | undefined): boolean {
  return code === undefined || !fileRefusals.has(code);
}

export const codeOf = (error: unknown): number | undefined => (isApiError(error) ? error.code : undefined);

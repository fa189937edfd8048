import { ErrorCodes, messageFor, type Dialog, type ErrorCode } from '@haoshi/contracts';

/** A business outcome other than success: answered with HTTP 200 and its err_code (DESIGN §3). */
export class AppError extends Error {
  constructor(
    readonly errCode: ErrorCode,
    message: string = messageFor(errCode),
    readonly extra: { field?: string; subCode?: number; dialog?: Dialog; data?: unknown } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message?: string) => new AppError(ErrorCodes.NOT_FOUND, message);
export const forbidden = (message?: string) => new AppError(ErrorCodes.FORBIDDEN, message);
export const loginRequired = () => new AppError(ErrorCodes.LOGIN_REQUIRED);

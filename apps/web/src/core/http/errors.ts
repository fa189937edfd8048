/**
 * Why a request ended without an envelope for the caller, after the client already did what the
 * user should see (usually nothing): transport failures, non-envelope answers, cancellation, and
 * the 6500 update dialog.
 */
export type HandledErrorKind = 'network' | 'http' | 'canceled' | 'app-update';

export class HandledError extends Error {
  readonly kind: HandledErrorKind;

  constructor(kind: HandledErrorKind, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'HandledError';
    this.kind = kind;
  }
}

/** A business failure (err_code ≠ 0) raised by unwrap. */
export class ApiError extends Error {
  readonly code: number;
  readonly subCode: number | undefined;
  /** The error catalogue already reacted (toast, dialog, login…); callers should not tell the user again. */
  readonly handled: boolean;

  constructor(code: number, message: string, options: { subCode?: number; handled?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.subCode = options.subCode;
    this.handled = options.handled ?? false;
  }
}

export function isHandledError(error: unknown): error is HandledError {
  return error instanceof HandledError;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

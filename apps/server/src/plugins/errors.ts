import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCodes, messageFor, type Envelope, type ErrorCode } from '@haoshi/contracts';
import { AppError } from '../lib/errors.ts';

/** Paths that belong to the API: an unknown one is a 404 envelope, never the web app. */
export const apiPrefixes = ['/app/', '/dev/', '/security/', '/docs', '/healthz'];
export const isApiPath = (url: string) => apiPrefixes.some((prefix) => url.startsWith(prefix));

const transportErrors: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCodes.MALFORMED_JSON },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCodes.MALFORMED_JSON },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCodes.PAYLOAD_TOO_LARGE },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: ErrorCodes.UNSUPPORTED_MEDIA_TYPE },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: ErrorCodes.MALFORMED_JSON },
};

/**
 * Failure envelopes bypass the route's response schema: their `data` (e.g. a cooldown) is not the
 * route's success data, and a schema mismatch here would turn a business refusal into a bare 500.
 */
const send = (reply: FastifyReply, status: number, body: Envelope) =>
  reply
    .status(status)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send(body);

export function routeNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, {
    err_code: ErrorCodes.ROUTE_NOT_FOUND,
    message: `${messageFor(ErrorCodes.ROUTE_NOT_FOUND)}（${request.method} ${request.url.split('?')[0]}）`,
  });
}

/** Fastify's own refusals before a route is found (a path that is not valid URL encoding…). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.warn({ err: error }, 'framework refused the request');
  reply.header('x-request-id', request.id);
  void send(reply, 400, {
    err_code: ErrorCodes.MALFORMED_REQUEST,
    message: messageFor(ErrorCodes.MALFORMED_REQUEST),
  });
}

const connectionErrors: Record<string, { status: number; code: ErrorCode }> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: ErrorCodes.HEADERS_TOO_LARGE },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: ErrorCodes.REQUEST_TIMEOUT },
};

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers too large, an invalid
 * Content-Length, a broken request line): the answer is written on the socket, still as an envelope.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code } = connectionErrors[error.code ?? ''] ?? {
    status: 400,
    code: ErrorCodes.MALFORMED_REQUEST,
  };
  const body = JSON.stringify({ err_code: code, message: messageFor(code) } satisfies Envelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** One place maps every failure to the envelope of DESIGN §3. */
export const errorsPlugin = fp(
  (app, _options, done) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        const { field, subCode, dialog, data } = error.extra;
        return send(reply, 200, {
          err_code: error.errCode,
          message: error.message,
          ...(field ? { field } : {}),
          ...(subCode ? { sub_code: subCode } : {}),
          ...(dialog ? { dialog } : {}),
          ...(data !== undefined ? { data } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const [first] = error.validation;
        const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
        const detail = first?.message ?? '';
        return send(reply, 200, {
          err_code: ErrorCodes.VALIDATION_FAILED,
          message: field ? `${detail}（${field}）` : detail || messageFor(ErrorCodes.VALIDATION_FAILED),
          ...(field ? { field } : {}),
        });
      }
      const transport = error.code ? transportErrors[error.code] : undefined;
      if (transport)
        return send(reply, transport.status, {
          err_code: transport.code,
          message: messageFor(transport.code),
        });
      if (error.statusCode === 429) {
        return send(reply, 429, {
          err_code: ErrorCodes.RATE_LIMITED,
          message: messageFor(ErrorCodes.RATE_LIMITED),
        });
      }
      if (error.statusCode === 404) return routeNotFound(request, reply);
      if (
        error.statusCode !== undefined &&
        error.statusCode >= 400 &&
        error.statusCode < 500 &&
        !isResponseSerializationError(error)
      ) {
        request.log.warn({ err: error }, 'client error');
        return send(reply, error.statusCode, {
          err_code: ErrorCodes.VALIDATION_FAILED,
          message: messageFor(ErrorCodes.VALIDATION_FAILED),
        });
      }
      request.log.error({ err: error, reqId: request.id }, 'unexpected error');
      return send(reply, 500, {
        err_code: ErrorCodes.INTERNAL_ERROR,
        message: `${messageFor(ErrorCodes.INTERNAL_ERROR)}（编号 ${request.id}）`,
      });
    });
    app.setNotFoundHandler(routeNotFound);
    done();
  },
  { name: 'errors' },
);

import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { ErrorCodes } from '@haoshi/contracts';
import { canonicalJson } from '../lib/canonical-json.ts';
import { AppError } from '../lib/errors.ts';
import { createIdempotencyStore, type IdempotencyClaim } from '../modules/idempotency/index.ts';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const keyPattern = /^[\x21-\x7e]{1,128}$/;
const PURGE_JOB = 'idempotency-purge';
const PURGE_EVERY_SECONDS = 3600;

/**
 * Idempotency-Key for writes that move money or create orders (DESIGN §3). A route opts in with
 * `config: { idempotent: true }`. A request carrying the header claims (caller, key) with a
 * fingerprint of its method, URL and body: a retry with the same key gets the first response back
 * (header `idempotent-replayed: true`), a retry with other parameters is refused (1006) and a
 * duplicate arriving while the first is still running is told to wait (1007). Business outcomes
 * (HTTP 200, refusals included) are remembered; a server error frees the key for another try.
 */
export const idempotencyPlugin = fp<{ now?: () => Date }>(
  (app, options, done) => {
    const store = createIdempotencyStore(app.db, options.now ?? (() => new Date()));
    app.decorateRequest('idempotency', null);

    app.jobs.work(PURGE_JOB, () => store.purgeExpired());
    app.jobs.schedule(PURGE_JOB, PURGE_EVERY_SECONDS);

    app.addHook('preHandler', async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (!request.routeOptions.config.idempotent || key === undefined) return;
      if (typeof key !== 'string' || !keyPattern.test(key)) {
        throw new AppError(ErrorCodes.VALIDATION_FAILED, 'Idempotency-Key 须为 1–128 个可见 ASCII 字符', {
          field: 'Idempotency-Key',
        });
      }
      const scope = request.auth ? `user:${request.auth.user.id}` : `ip:${request.ip}`;
      const fingerprint = createHash('sha256')
        .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
        .digest('base64url');
      const outcome = await store.claim(scope, key, fingerprint);
      switch (outcome.status) {
        case 'claimed':
          request.idempotency = outcome.claim;
          return;
        case 'replay':
          return reply
            .code(outcome.statusCode)
            .header('idempotent-replayed', 'true')
            .type(outcome.contentType)
            .send(outcome.body);
        case 'mismatch':
          throw new AppError(ErrorCodes.IDEMPOTENCY_KEY_REUSED);
        case 'in_flight':
          throw new AppError(ErrorCodes.IDEMPOTENCY_IN_PROGRESS);
      }
    });

    /** Records the answer of a claimed key (or frees the key when the call failed). */
    const settle = async (
      log: FastifyBaseLogger,
      claim: IdempotencyClaim,
      statusCode: number,
      contentType: string,
      payload: unknown,
    ) => {
      try {
        if (statusCode === 200 && typeof payload === 'string') {
          await store.complete(claim, statusCode, contentType, payload);
        } else {
          await store.release(claim);
        }
      } catch (error) {
        // The response itself is right; the key stays in flight until STALE_CLAIM_SECONDS frees it.
        log.error({ err: error }, 'idempotency: could not record the response');
      }
    };

    // Not async: most answers have no claim, and need no promise.
    app.addHook('onSend', (request, reply, payload, next) => {
      const claim = request.idempotency;
      if (!claim) return next(null, payload);
      request.idempotency = null;
      const contentType = String(reply.getHeader('content-type') ?? 'application/json');
      void settle(request.log, claim, reply.statusCode, contentType, payload).then(() => next(null, payload));
    });
    done();
  },
  { name: 'idempotency', dependencies: ['db', 'auth'] },
);

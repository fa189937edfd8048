import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { amountSchema, ErrorCodes, fenToAmount } from '@haoshi/contracts';
import { envelopeOf, ok } from '../src/lib/envelope.ts';
import { AppError } from '../src/lib/errors.ts';
import * as ledger from '../src/modules/ledger/ledger-service.ts';
import {
  createIdempotencyStore,
  IDEMPOTENCY_TTL_SECONDS,
  STALE_CLAIM_SECONDS,
} from '../src/modules/idempotency/idempotency-store.ts';
import { idempotencyKeys } from '../src/modules/idempotency/tables.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { createTestAppWithRoutes } from './helpers/custom-app.ts';
import { call, login } from './helpers/identity.ts';

const calls = { topup: 0, flaky: 0, plain: 0, slow: 0 };
let gate = Promise.resolve();
let openGate = () => {};
const closeGate = () => {
  gate = new Promise<void>((resolve) => (openGate = resolve));
};

const userOf = (request: FastifyRequest) => {
  if (!request.auth) throw new AppError(ErrorCodes.LOGIN_REQUIRED);
  return request.auth.user;
};

/** Money-moving test routes. The ledger keys are random per attempt on purpose: only the HTTP
 *  Idempotency-Key stands between a retry and a second movement. */
function registerRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const moneySchema = {
    body: z.object({ amount: amountSchema }),
    response: { 200: envelopeOf(z.object({ transfer_id: z.number(), balance: z.string() })) },
  };
  routes.post(
    '/app/test/topup',
    { config: { auth: 'required', idempotent: true }, schema: moneySchema },
    async (request) => {
      calls.topup += 1;
      const user = userOf(request);
      const transfer = await app.db.transaction((tx) =>
        ledger.post(tx, {
          debit: { kind: 'gateway_clearing' },
          credit: { kind: 'user_available', userId: user.id },
          amount: request.body.amount,
          kind: 'test.topup',
          reference: { type: 'test', id: 'topup' },
          idempotencyKey: `topup:${randomUUID()}`,
        }),
      );
      const { available } = await ledger.balances(app.db, user.id);
      return ok({ transfer_id: transfer.id, balance: fenToAmount(available) });
    },
  );
  routes.post(
    '/app/test/withdraw',
    { config: { auth: 'required', idempotent: true }, schema: moneySchema },
    async (request) => {
      const user = userOf(request);
      const transfer = await app.db.transaction((tx) =>
        ledger.post(tx, {
          debit: { kind: 'user_available', userId: user.id },
          credit: { kind: 'payout_clearing' },
          amount: request.body.amount,
          kind: 'test.withdraw',
          reference: { type: 'test', id: 'withdraw' },
          idempotencyKey: `withdraw:${randomUUID()}`,
        }),
      );
      const { available } = await ledger.balances(app.db, user.id);
      return ok({ transfer_id: transfer.id, balance: fenToAmount(available) });
    },
  );
  const attemptSchema = { response: { 200: envelopeOf(z.object({ attempt: z.number() })) } };
  routes.post('/app/test/slow', { config: { idempotent: true }, schema: attemptSchema }, async () => {
    const attempt = (calls.slow += 1);
    await gate;
    return ok({ attempt });
  });
  routes.post('/app/test/flaky', { config: { idempotent: true }, schema: attemptSchema }, async () => {
    calls.flaky += 1;
    if (calls.flaky === 1) throw new Error('gateway timed out');
    return ok({ attempt: calls.flaky });
  });
  routes.post('/app/test/plain', { schema: attemptSchema }, async () => ok({ attempt: (calls.plain += 1) }));
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestAppWithRoutes({}, registerRoutes);
  token = (await login(t.app, '13933334444')).token;
});
afterAll(() => t.close());

const withKey = (key: string) => ({ 'idempotency-key': key });

describe(`Idempotency-Key on ${databaseKind}`, () => {
  it('returns the first response to a retry and moves the money once', async () => {
    const first = await call(t.app, 'POST', '/app/test/topup', {
      token,
      body: { amount: '12.5' },
      headers: withKey('pay-1'),
    });
    expect(first.body).toMatchObject({ err_code: 0, data: { balance: '12.50' } });
    expect(first.response.headers['idempotent-replayed']).toBeUndefined();
    // "12.50" is the same amount: the fingerprint is taken over the validated body.
    const retry = await call(t.app, 'POST', '/app/test/topup', {
      token,
      body: { amount: '12.50' },
      headers: withKey('pay-1'),
    });
    expect(retry.response.headers['idempotent-replayed']).toBe('true');
    expect(retry.response.body).toBe(first.response.body);
    expect(calls.topup).toBe(1);

    const other = await call(t.app, 'POST', '/app/test/topup', {
      token,
      body: { amount: '13' },
      headers: withKey('pay-1'),
    });
    expect(other.response.statusCode).toBe(200);
    expect(other.body).toMatchObject({
      err_code: ErrorCodes.IDEMPOTENCY_KEY_REUSED,
      message: '重复的请求编号，且请求内容不一致',
    });
    expect(calls.topup).toBe(1);

    const unkeyed = await call(t.app, 'POST', '/app/test/topup', { token, body: { amount: '1' } });
    expect(unkeyed.body.data).toMatchObject({ balance: '13.50' });
  });

  it('keeps keys apart per caller', async () => {
    const stranger = (await login(t.app, '13933335555')).token;
    const theirs = await call(t.app, 'POST', '/app/test/topup', {
      token: stranger,
      body: { amount: '2' },
      headers: withKey('pay-1'),
    });
    expect(theirs.body.data).toMatchObject({ balance: '2.00' });
    expect(theirs.response.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays a business refusal too', async () => {
    const refused = await call(t.app, 'POST', '/app/test/withdraw', {
      token,
      body: { amount: '100' },
      headers: withKey('out-1'),
    });
    expect(refused.body).toMatchObject({ err_code: ErrorCodes.INSUFFICIENT_BALANCE, message: '余额不足' });
    await call(t.app, 'POST', '/app/test/topup', {
      token,
      body: { amount: '100' },
      headers: withKey('pay-2'),
    });
    const retry = await call(t.app, 'POST', '/app/test/withdraw', {
      token,
      body: { amount: '100' },
      headers: withKey('out-1'),
    });
    expect(retry.response.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.err_code).toBe(ErrorCodes.INSUFFICIENT_BALANCE);
    const fresh = await call(t.app, 'POST', '/app/test/withdraw', {
      token,
      body: { amount: '100' },
      headers: withKey('out-2'),
    });
    expect(fresh.body).toMatchObject({ err_code: 0, data: { balance: '13.50' } });
  });

  it('claims and completes the keys of requests arriving together, a key asked twice once', async () => {
    const before = calls.topup;
    const keys = ['together-1', 'together-2', 'together-3', 'together-4', 'together-4'];
    const amountOf = (index: number) => String(Math.min(index, 3) + 1);
    const answers = await Promise.all(
      keys.map((key, index) =>
        call(t.app, 'POST', '/app/test/topup', {
          token,
          body: { amount: amountOf(index) },
          headers: withKey(key),
        }),
      ),
    );
    expect(calls.topup - before).toBe(4);
    const [, , , first, second] = answers;
    expect(answers.slice(0, 4).map(({ body }) => body.err_code)).toEqual([0, 0, 0, 0]);
    // The second of one key is told to wait, or gets the first one's answer if it has finished.
    if (second?.body.err_code === 0) expect(second.response.body).toBe(first?.response.body);
    else expect(second?.body.err_code).toBe(ErrorCodes.IDEMPOTENCY_IN_PROGRESS);
    // Each completed key replays its own first answer.
    const retries = await Promise.all(
      keys.slice(0, 4).map((key, index) =>
        call(t.app, 'POST', '/app/test/topup', {
          token,
          body: { amount: String(index + 1) },
          headers: withKey(key),
        }),
      ),
    );
    retries.forEach((retry, index) => {
      expect(retry.response.headers['idempotent-replayed']).toBe('true');
      expect(retry.response.body).toBe(answers[index]?.response.body);
    });
    expect(calls.topup - before).toBe(4);
  });

  it('tells a duplicate that arrives while the first is running to wait', async () => {
    closeGate();
    const first = call(t.app, 'POST', '/app/test/slow', { headers: withKey('slow-1') });
    while (calls.slow === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const duplicate = await call(t.app, 'POST', '/app/test/slow', { headers: withKey('slow-1') });
    expect(duplicate.body).toMatchObject({
      err_code: ErrorCodes.IDEMPOTENCY_IN_PROGRESS,
      message: '请求正在处理中，请稍候',
    });
    const changed = await call(t.app, 'POST', '/app/test/slow', {
      body: { other: 1 },
      headers: withKey('slow-1'),
    });
    expect(changed.body.err_code).toBe(ErrorCodes.IDEMPOTENCY_KEY_REUSED);
    openGate();
    expect((await first).body).toEqual({ err_code: 0, data: { attempt: 1 } });
    const after = await call(t.app, 'POST', '/app/test/slow', { headers: withKey('slow-1') });
    expect(after.body).toEqual({ err_code: 0, data: { attempt: 1 } });
    expect(calls.slow).toBe(1);
  });

  it('lets a retry take over an attempt that never finished, without the late one overwriting it', async () => {
    closeGate();
    const abandoned = call(t.app, 'POST', '/app/test/slow', { headers: withKey('slow-2') });
    while (calls.slow === 1) await new Promise((resolve) => setTimeout(resolve, 5));
    t.clock.advance(STALE_CLAIM_SECONDS + 1);
    const takeover = call(t.app, 'POST', '/app/test/slow', { headers: withKey('slow-2') });
    while (calls.slow === 2) await new Promise((resolve) => setTimeout(resolve, 5));
    openGate();
    expect((await takeover).body).toEqual({ err_code: 0, data: { attempt: 3 } });
    expect((await abandoned).body).toEqual({ err_code: 0, data: { attempt: 2 } });
    const replay = await call(t.app, 'POST', '/app/test/slow', { headers: withKey('slow-2') });
    expect(replay.body).toEqual({ err_code: 0, data: { attempt: 3 } });
  });

  it('frees the key after a server error so the retry runs', async () => {
    const failed = await call(t.app, 'POST', '/app/test/flaky', { headers: withKey('flaky-1') });
    expect(failed.response.statusCode).toBe(500);
    expect(failed.body.err_code).toBe(ErrorCodes.INTERNAL_ERROR);
    const retried = await call(t.app, 'POST', '/app/test/flaky', { headers: withKey('flaky-1') });
    expect(retried.body).toEqual({ err_code: 0, data: { attempt: 2 } });
    const again = await call(t.app, 'POST', '/app/test/flaky', { headers: withKey('flaky-1') });
    expect(again.body).toEqual({ err_code: 0, data: { attempt: 2 } });
  });

  it('refuses a malformed key and ignores the header where a route does not opt in', async () => {
    for (const key of ['x'.repeat(129), 'has space', '中文']) {
      const { body } = await call(t.app, 'POST', '/app/test/topup', {
        token,
        body: { amount: '1' },
        headers: withKey(key),
      });
      expect(body).toMatchObject({ err_code: ErrorCodes.VALIDATION_FAILED, field: 'Idempotency-Key' });
    }
    const long = await call(t.app, 'POST', '/app/test/topup', {
      token,
      body: { amount: '1' },
      headers: withKey('k'.repeat(128)),
    });
    expect(long.body.err_code).toBe(0);
    const plain = [1, 2].map(() => call(t.app, 'POST', '/app/test/plain', { headers: withKey('plain-1') }));
    expect((await Promise.all(plain)).map(({ body }) => body.data)).toEqual([{ attempt: 1 }, { attempt: 2 }]);
  });

  it('forgets a key after 24 hours', async () => {
    const before = calls.topup;
    t.clock.advance(IDEMPOTENCY_TTL_SECONDS + 1);
    const later = await call(t.app, 'POST', '/app/test/topup', {
      token,
      body: { amount: '12.5' },
      headers: withKey('pay-1'),
    });
    expect(later.response.headers['idempotent-replayed']).toBeUndefined();
    expect(calls.topup).toBe(before + 1);
  });

  it('purges keys past their 24 hours and keeps the others', async () => {
    // Earlier tests moved the clock by days; a fresh session keeps this one about keys only.
    const { token } = await login(t.app, '13933335555');
    await call(t.app, 'POST', '/app/test/topup', {
      token,
      body: { amount: '1' },
      headers: withKey('old-key'),
    });
    t.clock.advance(IDEMPOTENCY_TTL_SECONDS / 2);
    await call(t.app, 'POST', '/app/test/topup', {
      token,
      body: { amount: '1' },
      headers: withKey('new-key'),
    });
    t.clock.advance(IDEMPOTENCY_TTL_SECONDS / 2 + 1);
    const store = createIdempotencyStore(t.app.db, t.clock.now);
    expect(await store.purgeExpired()).toBeGreaterThanOrEqual(1);
    const keys = await t.app.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(keys.map((row) => row.key)).toEqual(['new-key']);
  });
});

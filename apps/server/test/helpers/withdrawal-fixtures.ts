import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '@haoshi/contracts';
import * as ledger from '../../src/modules/ledger/ledger-service.ts';
import { createSessionService } from '../../src/modules/identity/session-service.ts';
import { userRoles, users } from '../../src/modules/identity/tables.ts';
import { payoutMethods } from '../../src/modules/payout-methods/tables.ts';
import { realNameVerifications } from '../../src/modules/real-name/tables.ts';
import { call, login } from './identity.ts';

export interface Person {
  id: number;
  token: string;
}

export async function person(app: FastifyInstance, phone: string): Promise<Person> {
  const { user, token } = await login(app, phone);
  return { id: user.id, token };
}

/** Credits the user's available balance from the adjustments account (like `admin credit`). */
export async function credit(app: FastifyInstance, userId: number, fen: number) {
  await ledger.post(app.db, {
    debit: { kind: 'adjustments' },
    credit: { kind: 'user_available', userId },
    amount: fen,
    kind: 'manual.credit',
    reference: { type: 'test', id: userId },
    idempotencyKey: `test:credit:${randomBytes(8).toString('hex')}`,
  });
}

/** A verified identity, written directly (what the real-name flow stores). */
export async function verifyRealName(app: FastifyInstance, userId: number) {
  const hash = (value: string) => createHash('sha256').update(value).digest('hex');
  await app.db.insert(realNameVerifications).values({
    userId,
    nameMasked: '张*',
    nameHash: hash(`name:${userId}`),
    idNumberMasked: '1101**********0011',
    idNumberHash: hash(`id:${userId}`),
    provider: 'test',
  });
}

export async function addAlipay(app: FastifyInstance, userId: number, account: string): Promise<number> {
  const [row] = await app.db
    .insert(payoutMethods)
    .values({
      userId,
      type: 'alipay',
      account,
      accountMasked: `${account.slice(0, 3)}****${account.slice(-4)}`,
      holderName: '张*',
    })
    .returning({ id: payoutMethods.id });
  if (!row) throw new Error('no payout method');
  return row.id;
}

export async function grantFinance(app: FastifyInstance, userId: number) {
  await app.db.insert(userRoles).values({ userId, role: 'finance' });
}

/** A user whose account has no bound phone (e.g. a future WeChat login), with a session. */
export async function phonelessPerson(app: FastifyInstance, now: () => Date): Promise<Person> {
  const [user] = await app.db
    .insert(users)
    .values({ phone: `wx_${randomBytes(6).toString('hex')}`, nickname: '微信用户' })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  const sessions = createSessionService({
    db: app.db,
    secret: app.config.SESSION_SECRET,
    ttlDays: app.config.SESSION_TTL_DAYS,
    rotateAfterSeconds: app.config.SESSION_ROTATE_AFTER_SECONDS,
    now,
  });
  const { token } = await sessions.create(app.db, user.id, { ip: '10.0.0.9', userAgent: 'test' });
  return { id: user.id, token };
}

/** A user ready to withdraw: logged in, verified, one Alipay method, `fen` in the wallet. */
export async function readyPerson(app: FastifyInstance, phone: string, fen: number, account = `${phone}`) {
  const who = await person(app, phone);
  await verifyRealName(app, who.id);
  const methodId = await addAlipay(app, who.id, account);
  if (fen > 0) await credit(app, who.id, fen);
  return { ...who, methodId };
}

export async function ok<T>(promise: Promise<{ body: Envelope<T> }>): Promise<T> {
  const { body } = await promise;
  if (body.err_code !== 0 || body.data === undefined)
    throw new Error(`expected success: ${JSON.stringify(body)}`);
  return body.data;
}

export { call };

import { afterAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  DEFAULT_DEVICE_ID,
  DEFAULT_DEVICE_SIGN_KEY,
  type QrTicketCreated,
  type SecurityTokenResponse,
} from '@haoshi/contracts';
import { encryptDeviceSignature } from '../src/modules/identity/device-signature.ts';
import { createTestApp, databaseKind } from './helpers/test-app.ts';
import { call, latestCode, login } from './helpers/identity.ts';
import { countChanges, rowCounts, type RowCounts } from './helpers/row-counts.ts';

/**
 * Throws random input at every route the OpenAPI document lists and checks the contract of
 * DESIGN §3: never a 5xx, always a JSON envelope, and no write unless the outcome is a success.
 * FUZZ_SEED=<n> replays a run; the seed is in every failure message.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const CASES_PER_ROUTE = 30;

/** mulberry32: small, fast, and the same sequence on every machine. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const chance = (p: number) => next() < p;
  const digits = (n: number) => Array.from({ length: n }, () => String(int(10))).join('');
  return { next, int, pick, chance, digits };
}
type Rng = ReturnType<typeof prng>;

interface Route {
  method: 'GET' | 'POST';
  path: string;
  bodyKeys: string[];
  queryKeys: string[];
}

/** What a success on each route may add, table by table; anything else must stay put. */
const allowedOnSuccess: Record<string, Record<string, number[]>> = {
  'POST /app/sms': { sms_codes: [1], sms_outbox: [1] },
  // A login withdraws an account cancellation in its cooling-off (history row and an inbox message).
  'POST /app/login': { sessions: [1], users: [0, 1], process_transitions: [0, 1], notifications: [0, 1] },
  'POST /app/login/qrcode': { qr_login_tickets: [1] },
  'GET /app/login/qrcode/status': { sessions: [0, 1] },
  'GET /app/device/v2': { devices: [0, 1] },
  'POST /app/user/feedback': { feedback: [1] },
  'POST /app/recharge/exchange': {
    recharges: [1],
    sandbox_payments: [1],
    process_transitions: [1],
    idempotency_keys: [0, 1],
  },
  'POST /app/recharge/proxy': {
    recharges: [1],
    sandbox_payments: [1],
    process_transitions: [1],
    idempotency_keys: [0, 1],
  },
  'POST /app/user/auth/real_name': {
    real_name_attempts: [1],
    real_name_verifications: [1],
    process_transitions: [1],
  },
  'POST /app/user/bind/phone/sms': { sms_codes: [1], sms_outbox: [1] },
  'POST /app/user/bind/phone': { phone_binding_changes: [1] },
  'POST /app/user/settle/add': { payout_methods: [1] },
  'GET /app/goods/detail': { goods_footprints: [0, 1], goods_view_marks: [0, 1] },
  'GET /app/goods/yd/qrcode': { goods_qr_tickets: [1] },
  'POST /app/goods/publish': { goods: [0, 1], stores: [0, 1], process_transitions: [1, 2, 3] },
  'POST /app/user/goods/price': { process_transitions: [1] },
  'POST /app/goods/bargain': {
    bargains: [0, 1],
    bargain_rounds: [1],
    process_transitions: [1],
    notifications: [1],
  },
  'POST /app/goods/bargain/seller': { bargain_rounds: [1], process_transitions: [1], notifications: [1] },
  'POST /app/goods/bargain/agree': { process_transitions: [1], notifications: [1] },
  'POST /app/goods/bargain/reject': { process_transitions: [1], notifications: [1] },
  'POST /app/goods/bargain/cancel': { process_transitions: [1], notifications: [1] },
  'POST /app/user/save_goods': { goods_favourites: [-1, 0, 1] },
  'POST /app/user/subscribe': { store_follows: [-1, 0, 1] },
  'POST /app/upload/ticket': { upload_tickets: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
  'POST /app/coupon/new_user/receive': { coupon_package_claims: [1], user_coupons: [1, 2, 3] },
  'POST /app/coupon/receive': { user_coupons: [1] },
  'POST /app/order/sincerity': {
    sincerity_holdings: [0, 1],
    sincerity_movements: [1],
    ledger_transfers: [1],
    ledger_accounts: [0, 1],
    idempotency_keys: [0, 1],
  },
  'POST /app/order/recoverySincerity': {
    sincerity_holdings: [0, 1],
    sincerity_movements: [1],
    ledger_transfers: [1],
    ledger_accounts: [0, 1],
    idempotency_keys: [0, 1],
  },
  'POST /app/sincerity/close': { sincerity_movements: [1], ledger_transfers: [1], idempotency_keys: [0, 1] },
  'POST /app/user/wallet/transfer': {
    ledger_transfers: [1],
    ledger_accounts: [0, 1],
    idempotency_keys: [0, 1],
  },
  'POST /app/user/withdraw': {
    withdrawals: [1],
    process_transitions: [1, 2],
    ledger_transfers: [1],
    ledger_accounts: [0, 1],
    sandbox_payouts: [0, 1],
    idempotency_keys: [0, 1],
  },
  'POST /app/user/withdrawal/cancel': {
    process_transitions: [1],
    ledger_transfers: [1],
    idempotency_keys: [0, 1],
  },
  'POST /app/user/withdrawal/auto': { auto_withdrawal_settings: [0, 1] },
  'POST /app/withdraw/handle': {
    process_transitions: [1, 2],
    ledger_transfers: [1],
    sandbox_payouts: [0, 1],
    idempotency_keys: [0, 1],
  },
  'POST /app/chat/private': { chat_conversations: [0, 1], chat_members: [0, 1, 2] },
  // Asking for a human opens the session's service conversation with its first notices.
  'POST /app/customer_service/main': {
    chat_conversations: [0, 1],
    chat_members: [0, 1],
    chat_messages: [0, 1, 2, 3],
    process_transitions: [0, 1],
    service_sessions: [0, 1],
  },
  'POST /app/chat/send': { chat_messages: [0, 1, 2] },
  'POST /app/chat/block': { chat_blocks: [0, 1] },
  'POST /app/chat/unblock': { chat_blocks: [-1, 0] },
  'POST /app/chat/report': { chat_reports: [1] },
  'POST /app/user/profile': { profile_changes: [0, 1, 2, 3, 4], user_profiles: [0, 1] },
  'POST /app/user/location': { profile_changes: [0, 1], user_profiles: [0, 1] },
  'POST /app/user/sessions/revoke': { notifications: [1] },
  'POST /app/user/sessions/revoke_others': { notifications: [0, 1] },
  'POST /app/user/bind/authorize': { bind_states: [1] },
  'POST /app/user/bind/confirm': { third_party_bindings: [1], notifications: [1] },
  'POST /app/user/bind/unbind': { third_party_bindings: [-1], notifications: [1] },
  'POST /app/user/bind/wx_notice': { notice_subscriptions: [0, 1] },
  'POST /app/user/privacy': { privacy_settings: [0, 1] },
  'POST /app/user/destroy': {
    account_cancellations: [0, 1],
    process_transitions: [0, 1],
    sms_codes: [0, 1],
    sms_outbox: [0, 1],
  },
};

const t = await createTestApp();
afterAll(() => t.close());

async function listRoutes(): Promise<Route[]> {
  const docs = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(docs.statusCode).toBe(200);
  interface Operation {
    parameters?: { in: string; name: string }[];
    requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  }
  const paths = docs.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
  return Object.entries(paths)
    .filter(([path]) => !path.startsWith('/docs'))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase() as Route['method'],
        path,
        bodyKeys: Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
        queryKeys: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      })),
    );
}
const routes = await listRoutes();

// ---------------------------------------------------------------------------------------------
// Material a random case may borrow so that some cases are valid: codes, tickets, device tokens.

const pools = {
  logins: [] as { phone: string; code: string }[],
  tickets: [] as string[],
  deviceTokens: [] as string[],
};
let helperCounter = 0;
const helperIp = () => `10.99.${Math.floor(helperCounter / 200)}.${(helperCounter++ % 200) + 1}`;

for (let n = 0; n < 6; n++) {
  const phone = `1370000${String(n).padStart(4, '0')}`;
  await call(t.app, 'POST', '/app/sms', { body: { phone, scene: 'login' }, ip: helperIp() });
  pools.logins.push({ phone, code: await latestCode(t.app, phone) });
  const ticket = await call<QrTicketCreated>(t.app, 'POST', '/app/login/qrcode', { ip: helperIp() });
  pools.tickets.push(ticket.body.data?.ticket ?? '');
  const issued = await call(t.app, 'POST', '/security/v1/token', {
    body: { device_id: DEFAULT_DEVICE_ID, package: 'app_thh' },
  });
  pools.deviceTokens.push(
    Buffer.from((issued.body as unknown as SecurityTokenResponse).token ?? '').toString('base64'),
  );
}

let sessionToken = '';
async function freshSession() {
  const phone = `1360000${String(helperCounter).padStart(4, '0')}`;
  sessionToken = (await login(t.app, phone, helperIp())).token;
}
await freshSession();

// ---------------------------------------------------------------------------------------------
// Random JSON, written as text so it can hold what JSON.stringify cannot: duplicate and
// __proto__ keys, numbers beyond double range, lone surrogates.

const nastyStrings = [
  '',
  ' ',
  '0',
  '-1',
  'null',
  'true',
  "' or 1=1 --",
  '"; drop table users; --',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\u202etxt.exe',
  '\u200b\u200b',
  '😀👍🏽🇨🇳',
  '中文验证码',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '\\u0000',
  '13800000000\n',
  ' 13800000000 ',
  '１３８０００００００',
];
const rawNumbers = [
  '0',
  '-0',
  '-1',
  '1.5',
  '-99999999',
  '1e308',
  '-1e308',
  '1e999',
  '-1e999',
  '12345678901234567890123456',
  '9007199254740993',
  '4.9e-400',
  '1E2',
];
const nastyKeys = [
  '__proto__',
  'constructor',
  'prototype',
  '',
  'a'.repeat(300),
  '😀',
  'phone',
  'code',
  'ticket',
  'token',
  'toString',
];

const quote = (text: string) => JSON.stringify(text);

/**
 * Values at and past the edges of every field, sent field by field to every route (issue 9 E.7):
 * ids past int4, NUL bytes, huge strings, wrong types. JSON text, so the raw numbers stay raw.
 */
const edgeJsonValues = [
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '1e308',
  '0',
  '-1',
  quote('2147483648'),
  quote('\u0000'),
  quote('a\u0000b'),
  quote('x'.repeat(100_000)),
  '[1,2]',
  '{"a":1}',
  'true',
  'null',
];
const edgeQueryValues = [
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '99999999999999999999999',
  '1e308',
  '0',
  '-1',
  '1.5',
  '%00',
  'a%00b',
  'x'.repeat(8_000),
  'abc',
  '',
];

function randomString(rng: Rng): string {
  switch (rng.int(6)) {
    case 0:
      return rng.pick(nastyStrings);
    case 1:
      return 'x'.repeat(rng.pick([129, 513, 4097, 50_000]));
    case 2:
      return Array.from({ length: rng.int(40) }, () => String.fromCodePoint(32 + rng.int(0x2fff))).join('');
    case 3:
      return `1${rng.digits(rng.pick([9, 10, 11, 12]))}`;
    case 4:
      return rng.digits(rng.pick([5, 6, 7]));
    default:
      return Array.from({ length: 1 + rng.int(24) }, () => String.fromCharCode(33 + rng.int(94))).join('');
  }
}

function randomJson(rng: Rng, depth = 0): string {
  const kind = depth > 3 ? rng.int(4) : rng.int(7);
  switch (kind) {
    case 0:
      return rng.pick(rawNumbers);
    case 1:
      return rng.chance(0.1) ? '"\\ud800"' : quote(randomString(rng));
    case 2:
      return rng.pick(['null', 'true', 'false']);
    case 3:
      return String(rng.int(2_000_000) - 1_000_000);
    case 4:
      return `[${Array.from({ length: rng.int(5) }, () => randomJson(rng, depth + 1)).join(',')}]`;
    default: {
      const entries = Array.from({ length: rng.int(5) }, () => {
        const key = rng.chance(0.5) ? rng.pick(nastyKeys) : randomString(rng).slice(0, 40);
        return `${quote(key)}:${randomJson(rng, depth + 1)}`;
      });
      return `{${entries.join(',')}}`;
    }
  }
}

/** A value that fits the field's meaning: sometimes valid, often almost. */
function plausible(rng: Rng, key: string): string {
  switch (key) {
    case 'phone':
      return quote(
        rng.chance(0.5)
          ? rng.pick(pools.logins).phone
          : `1${rng.pick(['3', '5', '8', '9', '2'])}${rng.digits(9)}`,
      );
    case 'code':
      return quote(rng.chance(0.5) ? rng.pick(pools.logins).code : rng.digits(6));
    case 'scene':
      return quote(rng.pick(['login', 'login', 'register', 'LOGIN']));
    case 'ticket':
      return quote(rng.chance(0.6) ? rng.pick(pools.tickets) : randomString(rng));
    case 'action':
      return quote(rng.pick(['scan', 'confirm', 'cancel', 'approve']));
    case 'device_id':
      return quote(rng.chance(0.5) ? DEFAULT_DEVICE_ID : randomString(rng).slice(0, 200));
    case 'package':
      return quote(rng.pick(['app_thh', 'app_kxr', 'x', '']));
    default:
      return quote(randomString(rng));
  }
}

function randomBody(rng: Rng, route: Route): string {
  if (route.bodyKeys.length === 0 || rng.chance(0.3)) return randomJson(rng);
  if (route.path === '/app/login' && rng.chance(0.3)) {
    const { phone, code } = rng.pick(pools.logins);
    return JSON.stringify({ phone, code });
  }
  const entries = route.bodyKeys.flatMap((key) => {
    if (rng.chance(0.1)) return [];
    const value = rng.chance(0.6) ? plausible(rng, key) : randomJson(rng, 2);
    return [`${quote(key)}:${value}`];
  });
  if (rng.chance(0.3)) entries.push(`${quote(rng.pick(nastyKeys))}:${randomJson(rng, 2)}`);
  return `{${entries.join(',')}}`;
}

function randomQuery(rng: Rng, route: Route): string {
  const keys = [...route.queryKeys, 'x', 'a[b]', 'token', 'ticket', 'phone', '__proto__', 'constructor'];
  const parts = Array.from({ length: rng.int(4) }, () => {
    const key = rng.pick(keys);
    let value: string;
    if (key === 'token' && rng.chance(0.5)) value = encodeURIComponent(rng.pick(pools.deviceTokens));
    else if (key === 'ticket' && rng.chance(0.5)) value = encodeURIComponent(rng.pick(pools.tickets));
    else if (key === 'phone' && rng.chance(0.5)) value = rng.pick(pools.logins).phone;
    else if (rng.chance(0.2)) value = rng.pick(['%', '%zz', '%E0%A4%A', '%00', '%ff%fe', '']);
    else value = encodeURIComponent(randomString(rng));
    return rng.chance(0.1) ? encodeURIComponent(key) : `${encodeURIComponent(key)}=${value}`;
  });
  if (rng.chance(0.2)) parts.push(...parts);
  return parts.length > 0 ? `?${parts.join(rng.chance(0.1) ? '&&' : '&')}` : '';
}

function randomHeaders(rng: Rng): Record<string, string> {
  const headers: Record<string, string> = {};
  const auth = rng.int(6);
  if (auth >= 3) headers.authorization = rng.chance(0.5) ? sessionToken : `Bearer ${sessionToken}`;
  else if (auth === 2)
    headers.authorization = rng.chance(0.5) ? randomString(rng).replace(/[^\x20-\x7e]/g, '') : 'Bearer ';
  if (rng.chance(0.3)) {
    headers.sign = rng.chance(0.5)
      ? encryptDeviceSignature(
          { device_id: `hs-fuzz-${rng.int(1000)}`, channel: 'h5', package: 'app_thh' },
          DEFAULT_DEVICE_SIGN_KEY,
        )
      : randomString(rng).replace(/[^\x20-\x7e]/g, '') || 'x';
  }
  if (rng.chance(0.3)) headers['x-request-id'] = rng.pick(['fuzz-req-0001', 'bad id', 'x', 'y'.repeat(80)]);
  return headers;
}

// ---------------------------------------------------------------------------------------------

interface Outcome {
  success: boolean;
  description: string;
}

const tally: Record<string, { success: number; refused: number }> = {};

/** Calls that answer success in their vendor's shape (`code`), and refusals as our envelope. */
const vendorShaped = (name: string) =>
  name === 'POST /security/v1/token' || name.startsWith('POST /captcha/v1/');

/** Sends one case and checks it: no 5xx, a JSON envelope, and no write unless it succeeded. */
async function probe(route: Route, description: string, options: InjectOptions): Promise<Outcome> {
  const name = `${route.method} ${route.path}`;
  const label = `[seed ${SEED}] ${name} ${description}`;
  const before: RowCounts = await rowCounts(t.database.db);
  let response: LightMyRequestResponse;
  try {
    response = await t.app.inject(options);
  } catch (error) {
    throw new Error(`${label}: inject threw ${String(error)}`);
  }
  const after = await rowCounts(t.database.db);

  expect(response.statusCode, `${label} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  expect(response.headers['content-type'], label).toMatch(/^application\/json/);
  expect(response.headers['x-request-id'], label).toEqual(expect.any(String));
  let body: Record<string, unknown>;
  try {
    body = response.json<Record<string, unknown>>();
  } catch {
    throw new Error(`${label}: not JSON: ${response.body.slice(0, 200)}`);
  }
  expect(typeof body, label).toBe('object');

  let success: boolean;
  if (vendorShaped(name) && typeof body.code === 'number' && body.err_code === undefined) {
    // The built-in security and bot-protection providers keep their vendors' success shape (SPEC §4, §8).
    expect([200, 201], label).toContain(body.code);
    if (name === 'POST /security/v1/token') expect(body.token, label).toEqual(expect.any(String));
    success = true;
  } else {
    expect(
      Number.isInteger(body.err_code),
      `${label}: no numeric err_code in ${response.body.slice(0, 200)}`,
    ).toBe(true);
    success = body.err_code === 0;
    if (!success) expect(body.message, label).toEqual(expect.any(String));
    if (response.statusCode !== 200) expect(success, label).toBe(false);
  }

  const changes = countChanges(before, after);
  if (!success) {
    expect(changes, `${label}: refused (${String(body.err_code)}) yet wrote`).toEqual({});
  } else {
    const allowed = allowedOnSuccess[name] ?? {};
    for (const [table, change] of Object.entries(changes)) {
      expect(allowed[table] ?? [], `${label}: success changed ${table} by ${change}`).toContain(change);
    }
  }
  const entry = (tally[name] ??= { success: 0, refused: 0 });
  if (success) entry.success++;
  else entry.refused++;

  if (success && name === 'POST /app/logout') await freshSession();
  return { success, description };
}

const malformedBodies = [
  '{',
  '{"phone":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '\u0000',
  '{"a":"\\x"}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
];
const wrongTypes = [
  'application/xml',
  'text/html',
  'multipart/form-data; boundary=zzz',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'text/plain',
  'application/json; charset=latin1',
];

describe(`fuzzing every route on ${databaseKind} (seed ${SEED})`, () => {
  it('finds the routes in the OpenAPI document', () => {
    const names = routes.map((route) => `${route.method} ${route.path}`);
    for (const expected of [
      'POST /app/sms',
      'POST /app/login',
      'POST /app/logout',
      'GET /app/user/info',
      'POST /app/login/qrcode',
      'GET /app/login/qrcode/status',
      'POST /app/login/qrcode/auth',
      'GET /app/device/v2',
      'POST /security/v1/token',
      'GET /dev/outbox/sms',
      'GET /healthz',
    ]) {
      expect(names).toContain(expected);
    }
    expect(routes.find((route) => route.path === '/app/sms')?.bodyKeys).toEqual(['phone', 'scene']);
  });

  // Dozens of requests per route, each checked against the row counts: a loaded machine (CI beside
  // other work) can take more than the default 30 s for the heaviest routes (publish, filter).
  for (const [index, route] of routes.entries()) {
    it(
      `${route.method} ${route.path}: never 5xx, always an envelope, no partial write`,
      { timeout: 120_000 },
      async () => {
        const rng = prng(SEED + index * 7919);
        const base = { method: route.method, url: route.path } as const;

        for (const [n, payload] of malformedBodies.entries()) {
          const outcome = await probe(route, `malformed #${n}`, {
            ...base,
            payload,
            headers: { 'content-type': 'application/json', ...randomHeaders(rng) },
          });
          if (route.method === 'POST') expect(outcome.success, `malformed #${n}`).toBe(false);
        }
        for (const type of wrongTypes) {
          await probe(route, `content-type ${type}`, {
            ...base,
            payload: '{"phone":"13800000000","scene":"login"}',
            headers: { 'content-type': type, ...randomHeaders(rng) },
          });
        }
        if (route.method === 'POST') {
          await probe(route, 'no body', { ...base, headers: randomHeaders(rng) });
          const oversize = await t.app.inject({
            ...base,
            payload: `{"pad":"${'x'.repeat(1024 * 1024)}"}`,
            headers: { 'content-type': 'application/json' },
          });
          expect(oversize.statusCode, `[seed ${SEED}] oversize`).toBe(413);
          expect(oversize.json<{ err_code: number }>().err_code).toBe(1002);
        }

        for (const key of route.method === 'POST' ? route.bodyKeys : route.queryKeys) {
          const values = route.method === 'POST' ? edgeJsonValues : edgeQueryValues;
          for (const value of values) {
            const shown = `${key}=${value.slice(0, 40)}`;
            if (route.method === 'POST') {
              await probe(route, `edge ${shown}`, {
                ...base,
                payload: `{${quote(key)}:${value}}`,
                headers: { 'content-type': 'application/json', authorization: sessionToken },
                remoteAddress: helperIp(),
              });
            } else {
              await probe(route, `edge ${shown}`, {
                ...base,
                url: `${route.path}?${encodeURIComponent(key)}=${value}`,
                headers: { authorization: sessionToken },
                remoteAddress: helperIp(),
              });
            }
          }
        }

        for (let n = 0; n < CASES_PER_ROUTE; n++) {
          const headers = randomHeaders(rng);
          if (route.method === 'POST') {
            const payload = randomBody(rng, route);
            await probe(route, `body #${n} ${payload.slice(0, 120)}`, {
              ...base,
              payload,
              headers: { 'content-type': 'application/json', ...headers },
            });
          } else {
            const query = randomQuery(rng, route);
            await probe(route, `query #${n} ${query.slice(0, 120)}`, {
              ...base,
              url: route.path + query,
              headers,
            });
          }
        }
        const { success, refused } = tally[`${route.method} ${route.path}`] ?? { success: 0, refused: 0 };
        expect(success + refused).toBeGreaterThanOrEqual(CASES_PER_ROUTE);
      },
    );
  }

  it('exercised both outcomes where both are reachable', () => {
    // Without successes the "no partial write" check would only ever see refusals.
    for (const name of [
      'POST /app/sms',
      'POST /app/login',
      'GET /app/device/v2',
      'POST /security/v1/token',
      'GET /dev/outbox/sms',
    ]) {
      expect(tally[name]?.success ?? 0, name).toBeGreaterThan(0);
      expect(tally[name]?.refused ?? 0, name).toBeGreaterThan(0);
    }
  });
});

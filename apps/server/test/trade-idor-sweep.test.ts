import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  apiCalls,
  ErrorCodes,
  idChecksumChar,
  type AccountCredentials,
  type ApiCall,
  type BargainDetail,
  type ClaimDetail,
  type ReceivedEvaluations,
} from '@haoshi/contracts';
import { goods } from '../src/modules/goods/tables.ts';
import { idempotencyKeys } from '../src/modules/idempotency/tables.ts';
import { orders } from '../src/modules/orders/tables.ts';
import { expectMoneyConsistent, paidOrder, party, type Party } from './helpers/aftersales.ts';
import { call, login } from './helpers/identity.ts';
import { createListingsApp, disputeEvidence } from './helpers/listings.ts';
import { insertListing, orderCall } from './helpers/orders.ts';
import { countChanges, rowCounts, type RowCounts } from './helpers/row-counts.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';

/**
 * One sweep over every call of the trade area, driven by the contracts' call table (`apiCalls`):
 * a stranger (and, for one side's calls, the other side or customer service) aims each call at real
 * orders, a bargain and a claim of other people, and must be refused as if they did not exist, or,
 * for their own lists, answered without a trace of them. A call added to the table lands here by
 * its path or its fields and is held to the strictest rule until it is classified below.
 */

/** Paths of the trade area; calls naming a trade object in their input are swept wherever they live. */
const tradePaths = [
  /^\/app\/order\//,
  /^\/app\/goods\/bargain/,
  /^\/app\/official_guarantee/,
  /^\/app\/dog\//,
  /^\/app\/recovery\//,
  /^\/app\/favourable_comment\//,
  /^\/app\/evaluation\//,
  /^\/app\/user\/urgent/,
  /^\/app\/customer_service\/order\//,
];
const objectFields = ['order_no', 'order_id', 'claim_no', 'bargain_id'] as const;
type ObjectField = (typeof objectFields)[number];

/**
 * How a selected call is judged. Unlisted: `object` (must refuse the stranger). `read`: the caller's
 * own lists and public reads, which may answer, but with nothing of the targets. `excluded`: never
 * called, with the reason.
 */
const classified: Record<string, { kind: 'read' } | { kind: 'excluded'; why: string }> = {
  'GET /app/order/list': { kind: 'read' },
  'GET /app/user/urgent/v2': { kind: 'read' },
  'GET /app/evaluation/mine': { kind: 'read' },
  'GET /app/evaluation/received': { kind: 'read' },
  'GET /app/goods/bargain/list/buyer': { kind: 'read' },
  'GET /app/goods/bargain/list/seller': { kind: 'read' },
  'GET /app/dog/claims': { kind: 'read' },
  'GET /app/dog/main': { kind: 'read' },
  'GET /app/recovery/resell/list': { kind: 'read' },
  'GET /app/official_guarantee': { kind: 'read' },
  'GET /app/customer_service/order/list': { kind: 'read' },
  // A quote on a public listing; with the target's bargain_id it must not price at its agreed price.
  'GET /app/order/guarantee': { kind: 'read' },
  'POST /app/order/build/business': { kind: 'excluded', why: 'places an order of the caller’s own' },
  'POST /app/goods/bargain': { kind: 'excluded', why: 'opens a bargain of the caller’s own' },
  'POST /app/order/sincerity': { kind: 'excluded', why: 'pays the caller’s own sincerity deposit' },
  'POST /app/order/recoverySincerity': { kind: 'excluded', why: 'pays the caller’s own recovery deposit' },
  'POST /app/recharge/exchange/confirm': {
    kind: 'excluded',
    why: 'its order_no is a recharge’s (R…): a trade order’s number does not pass its schema',
  },
};

/** Calls only the buyer may take (the seller is refused) and only the seller may take. */
const buyerOnly = [
  'GET /app/order/account/main',
  'POST /app/order/data/v2',
  'POST /app/order/cancel',
  'POST /app/order/confirm',
  'POST /app/order/verify',
  'POST /app/order/rebinding/confirm',
  'POST /app/order/rebinding/finish',
  'POST /app/dog/claims/apply',
  'GET /app/dog/claims/v3',
  'POST /app/dog/claims/supplement',
  'POST /app/dog/claims/withdraw',
  'POST /app/recovery/resell/draft',
  'POST /app/goods/bargain/cancel',
];
const sellerOnly = [
  'POST /app/order/deliver',
  'POST /app/order/confirm/account',
  'POST /app/order/rebinding/done',
  'POST /app/goods/bargain/seller',
  'POST /app/goods/bargain/agree',
  'POST /app/goods/bargain/reject',
];
/** Calls for the parties only: customer service who is neither is refused. */
const partiesOnly = [
  // Customer service may reveal the login details, read claims, take the verification and rebinding steps.
  ...buyerOnly.filter(
    (key) =>
      ![
        'GET /app/order/account/main',
        'GET /app/dog/claims/v3',
        'POST /app/order/verify',
        'POST /app/order/rebinding/confirm',
        'POST /app/order/rebinding/finish',
      ].includes(key),
  ),
  'POST /app/order/rebinding/done',
  'POST /app/order/refund/apply',
  'POST /app/favourable_comment/submit',
  'POST /app/order/protocol/data',
  'POST /app/order/sign',
  'POST /app/user/urgent/v2',
  'GET /app/goods/bargain/info',
  'POST /app/goods/bargain/seller',
  'POST /app/goods/bargain/agree',
  'POST /app/goods/bargain/reject',
  'POST /app/goods/bargain/delete',
];

/** The answers a stranger may get: the not-found or forbidden of the object's area (docs/orders.md). */
const strangerRefusals: ReadonlySet<number> = new Set([
  ErrorCodes.ORDER_NOT_FOUND,
  ErrorCodes.PROTOCOL_ORDER_NOT_FOUND,
  ErrorCodes.BARGAIN_NOT_FOUND,
  ErrorCodes.CLAIM_NOT_FOUND,
  ErrorCodes.DISPUTE_NOT_FOUND,
  ErrorCodes.CHAT_ORDER_NOT_FOUND,
  ErrorCodes.SERVICE_ORDER_NOT_FOUND,
  ErrorCodes.NOT_FOUND,
  ErrorCodes.FORBIDDEN,
  ErrorCodes.SERVICE_STAFF_ONLY,
]);
/** Answers that say the input was not understood: never a refusal of access. */
const inputRefusals: ReadonlySet<number> = new Set([
  ErrorCodes.VALIDATION_FAILED,
  ErrorCodes.MALFORMED_JSON,
  ErrorCodes.MALFORMED_REQUEST,
]);

const credentials = [
  { account: 'player_8812345', password: 'S3cret-pass!', security: '母亲的名字：王芳' },
  { account: 'dispute_7730041', password: 'Dsp-pass#77', security: '小学的名字：实验二小' },
];
const people = {
  buyer: { phone: '13830000001', name: '张三丰', id17: '11010519880202123' },
  seller: { phone: '13830000002', name: '欧阳小明', id17: '11010519900307123' },
};
const DISPUTE_TEXT = '验号时发现账号登录提示密码错误，请核实';
/** The buyer's offer: only the bargain's parties know it. */
const BARGAIN_OFFER = '251.37';
const CLAIM_TEXT = '账号在成交后被原卖家通过申诉找回，登录提示密码错误';

interface OrderRef {
  label: string;
  no: string;
  id: number;
}
interface Scenario {
  orders: OrderRef[];
  claimNo: string;
  bargainId: number;
  bargainGoodsId: number;
  /** Strings none but the entitled may read. */
  secrets: string[];
  /** Strings that say a target exists: its numbers and its parties' identities. */
  identifiers: string[];
}

let t: TestApp;
let buyer: Party;
let seller: Party;
let staff: Party;
let stranger: Party;
let scene: Scenario;

async function verifiedParty(who: (typeof people)['buyer'], ip: string): Promise<Party> {
  const session = await login(t.app, who.phone, ip);
  const { body } = await call(t.app, 'POST', '/app/user/auth/real_name', {
    token: session.token,
    body: { name: who.name, id_number: who.id17 + idChecksumChar(who.id17) },
  });
  if (body.err_code !== 0) throw new Error(`real name refused: ${JSON.stringify(body)}`);
  return { token: session.token, id: session.user.id };
}

async function orderRef(label: string, no: string): Promise<OrderRef> {
  const [row] = await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, no));
  if (!row) throw new Error(`no order ${no}`);
  return { label, no, id: row.id };
}

/** The seller submits these login details on an order in delivering. */
async function handOver(orderNo: string, details: (typeof credentials)[number]): Promise<void> {
  const submitted = await orderCall(t, seller.token, '/app/order/confirm/account', {
    order_no: orderNo,
    ...details,
  });
  if (submitted.body.err_code !== 0) throw new Error(`not handed over: ${JSON.stringify(submitted.body)}`);
}

async function buildScenario(): Promise<Scenario> {
  const trio = { buyer, seller, staff };
  // verifying, the login details submitted: a reveal would answer them
  const verifying = await paidOrder(t, trio, { steps: 1 });
  await handOver(verifying.order_no, credentials[0]!);

  // a dispute opened by the buyer after the hand-over
  const disputed = await paidOrder(t, trio, { steps: 1 });
  await handOver(disputed.order_no, credentials[1]!);
  const opened = await orderCall(t, buyer.token, '/app/order/refund/apply', {
    order_no: disputed.order_no,
    reason: 'cannot_login',
    description: DISPUTE_TEXT,
    images: [await disputeEvidence(t, buyer.token)],
  });
  if (opened.body.err_code !== 0) throw new Error(`dispute: ${JSON.stringify(opened.body)}`);

  // the protocol waiting for both signatures, the parties' real names on it
  const signing = await paidOrder(t, trio, { steps: 4 });
  if (signing.state !== 'signing') throw new Error(`not signing: ${signing.state}`);

  // completed with 基础包赔, a claim filed on it, and the buyer's evaluation
  const completed = await paidOrder(t, trio, { steps: 5, guarantee: 'basic' });
  const confirmed = await orderCall(t, buyer.token, '/app/order/confirm', { order_no: completed.order_no });
  if (confirmed.body.data?.state !== 'completed')
    throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);
  const evaluated = await orderCall(t, buyer.token, '/app/favourable_comment/submit', {
    order_no: completed.order_no,
    stars: 5,
    service_stars: 5,
    content: '卖家很爽快，账号和描述一致',
  });
  if (evaluated.body.err_code !== 0) throw new Error(`evaluation: ${JSON.stringify(evaluated.body)}`);
  const filed = await orderCall<ClaimDetail>(t, buyer.token, '/app/dog/claims/apply', {
    order_no: completed.order_no,
    description: CLAIM_TEXT,
    images: [await disputeEvidence(t, buyer.token)],
  });
  const claimNo = filed.body.data?.claim_no;
  if (!claimNo) throw new Error(`claim: ${JSON.stringify(filed.body)}`);

  // a bargain the buyer offered on a listing open to offers
  const bargainGoodsId = await insertListing(t.app.db, seller.id, { priceFen: 30_000 });
  await t.app.db
    .update(goods)
    .set({ bargain: true, bargainFloor: 20_000 })
    .where(eq(goods.id, bargainGoodsId));
  const offered = await orderCall<BargainDetail>(t, buyer.token, '/app/goods/bargain', {
    goods_id: bargainGoodsId,
    price: BARGAIN_OFFER,
  });
  const bargainId = offered.body.data?.id;
  if (!bargainId) throw new Error(`bargain: ${JSON.stringify(offered.body)}`);

  const refs = [
    await orderRef('verifying (handed over)', verifying.order_no),
    await orderRef('disputed', disputed.order_no),
    await orderRef('signing', signing.order_no),
    await orderRef('completed (claim filed)', completed.order_no),
  ];
  // A masked name keeps all but the first character (*阳小明).
  const identities = Object.values(people).flatMap((who) => [who.phone, who.name.slice(1), who.id17]);
  return {
    orders: refs,
    claimNo,
    bargainId,
    bargainGoodsId,
    secrets: [...credentials.flatMap((details) => Object.values(details)), DISPUTE_TEXT, CLAIM_TEXT],
    identifiers: [...refs.map((ref) => ref.no), claimNo, BARGAIN_OFFER, ...identities],
  };
}

beforeAll(async () => {
  t = await createListingsApp();
  buyer = await verifiedParty(people.buyer, '10.8.3.1');
  seller = await verifiedParty(people.seller, '10.8.3.2');
  staff = await party(t, '13830000003', true);
  stranger = await party(t, '13830000004');
  scene = await buildScenario();
  for (const actor of [buyer, seller, staff, stranger])
    evidenceOf.set(actor, await disputeEvidence(t, actor.token));
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Inputs from the schemas

function objectShape(key: string, schema: z.ZodType): Record<string, z.ZodType> {
  let current: unknown = schema;
  // .transform()/.pipe() wrap the object; .refine() keeps it (zod 4)
  while (current instanceof z.ZodPipe) current = current.in;
  if (!(current instanceof z.ZodObject)) throw new Error(`${key}: its input is not an object schema`);
  return current.shape;
}

interface Aim {
  label: string;
  order?: OrderRef;
  claimNo?: string;
  bargainId?: number;
}

const unaimed: Aim = { label: '—' };

/**
 * What a call can be aimed at: every target of each object field its input has, or nothing. A read
 * whose object fields are optional is also called without them (the caller's own view).
 */
function aimsOf(key: string, shape: Record<string, z.ZodType>): Aim[] {
  const fields = objectFields.filter((field) => field in shape);
  if (fields.length === 0) return [unaimed];
  const optional = fields.every((field) => shape[field]?.safeParse(undefined).success);
  const aims: Aim[] = optional && key.startsWith('GET ') ? [unaimed] : [];
  const byField: Record<ObjectField, () => Aim[]> = {
    order_no: () => scene.orders.map((order) => ({ label: order.label, order })),
    order_id: () => scene.orders.map((order) => ({ label: order.label, order })),
    claim_no: () => [{ label: 'claim', claimNo: scene.claimNo }],
    bargain_id: () => [{ label: 'bargain', bargainId: scene.bargainId }],
  };
  for (const field of fields) aims.push(...byField[field]());
  return aims;
}

/** The same aim at objects that do not exist: a stranger must not tell the two apart. */
const missing: Aim = {
  label: 'missing',
  order: { label: 'missing', no: 'O20260101000000000001', id: 2_000_000_000 },
  claimNo: 'C20260101000000000001',
  bargainId: 2_000_000_000,
};

type FieldValue = string | number | boolean | string[];

/** An after-sales upload of each actor's own, made before the sweep (an upload is a write). */
const evidenceOf = new Map<Party, string>();

function valuesFor(actor: Party, aim: Aim): Record<string, FieldValue | undefined> {
  const evidence = evidenceOf.get(actor);
  if (!evidence) throw new Error('no evidence uploaded for the actor');
  return {
    order_no: aim.order?.no,
    order_id: aim.order?.id,
    claim_no: aim.claimNo,
    bargain_id: aim.bargainId,
    goods_id: scene.bargainGoodsId,
    user_id: seller.id,
    q: aim.order?.no ?? scene.orders[0]?.no,
    page: 1,
    page_size: 20,
    method: 'wallet',
    account: 'someone_else_1',
    password: 'not-theirs-1',
    verdict: 'pass',
    key: evidence,
    images: [evidence],
    step: 'password',
    party: 'seller',
    amount: '1.00',
    price: '260',
    reason: 'cannot_login',
    description: CLAIM_TEXT.replace('原卖家', '别人'),
    content: '请尽快处理这笔订单',
    note: '请尽快处理',
    question: '这笔订单什么时候发货',
    stars: 5,
    service_stars: 5,
    signature_image: evidence,
    text_sha256: 'a'.repeat(64),
    code: '123456',
    action: 'deliver',
    outcome: 'refund',
  };
}

/** Fixes the action/reason pairs whose meaning differs by call. */
const perCall: Record<string, Record<string, FieldValue>> = {
  'POST /app/dog/claims/review': { action: 'accept', reason: '核实找回情况' },
  'POST /app/order/refund/resolve': { reason: '核实后处理' },
  'POST /app/order/orderLiquidatedDamages': { reason: '卖家拖延交付' },
  'POST /app/order/staff/step': { reason: '核实' },
};

/** Every field the sweep knows a value for, and the others left out: the call must accept it. */
function inputFor(key: string, schema: z.ZodType, actor: Party, aim: Aim): Record<string, FieldValue> {
  const values = { ...valuesFor(actor, aim), ...perCall[key] };
  const input: Record<string, FieldValue> = {};
  for (const [field, fieldSchema] of Object.entries(objectShape(key, schema))) {
    const value = values[field];
    if (value !== undefined) input[field] = value;
    else if (!fieldSchema.safeParse(undefined).success)
      throw new Error(`${key}: no value for its required field ${field}`);
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    throw new Error(`${key}: the sweep's input is invalid (${JSON.stringify(parsed.error.issues)})`);
  return input;
}

async function send(key: string, actor: Party, aim: Aim) {
  const definition = (apiCalls as Record<string, ApiCall>)[key];
  if (!definition) throw new Error(`${key} is not in apiCalls`);
  const [method, path] = key.split(' ') as ['GET' | 'POST', string];
  const schema = definition.query ?? definition.body;
  const input = schema ? inputFor(key, schema, actor, aim) : {};
  if (method === 'GET') {
    const query = new URLSearchParams(
      Object.entries(input).map(([field, value]): [string, string] => [field, String(value)]),
    );
    const url = query.size > 0 ? `${path}?${query.toString()}` : path;
    return call(t.app, 'GET', url, { token: actor.token });
  }
  return call(t.app, 'POST', path, {
    token: actor.token,
    body: input,
    headers: { 'idempotency-key': randomUUID() },
  });
}

// ---------------------------------------------------------------------------------------------
// What the sweep watches for

/** The field names of an input, of every member of a union. */
function fieldNames(key: string, schema: z.ZodType): string[] {
  let current: unknown = schema;
  while (current instanceof z.ZodPipe) current = current.in;
  if (current instanceof z.ZodUnion)
    return (current.options as z.ZodType[]).flatMap((option) => fieldNames(key, option));
  return Object.keys(objectShape(key, schema));
}

const selected = (Object.entries(apiCalls) as [string, ApiCall][])
  .filter(([key, definition]) => {
    const path = key.split(' ')[1] ?? '';
    if (tradePaths.some((pattern) => pattern.test(path))) return true;
    const schema = definition.query ?? definition.body;
    const fields = schema ? fieldNames(key, schema) : [];
    return objectFields.some((field) => fields.includes(field));
  })
  .map(([key]) => key)
  .sort();
const kindOf = (key: string) => classified[key]?.kind ?? 'object';
const swept = selected.filter((key) => kindOf(key) !== 'excluded');

const leaked = (text: string, strings: string[]) =>
  strings.filter((secret) => secret && text.includes(secret));

/** Every table's rows that a refused call must leave alone, as JSON. */
const watchedTables = [
  'orders',
  'order_credentials',
  'order_credential_reveals',
  'order_damages',
  'order_rebinding_steps',
  'order_urges',
  'order_videos',
  'disputes',
  'dispute_messages',
  'guarantee_claims',
  'evaluations',
  'bargains',
  'bargain_rounds',
  'protocol_sign_intents',
  'protocol_snapshots',
  'process_transitions',
  'ledger_transfers',
  'ledger_accounts',
  'chat_conversations',
  'service_sessions',
];
async function watchedRows(): Promise<Record<string, string>> {
  const dump: Record<string, string> = {};
  for (const table of watchedTables) {
    const result = (await t.app.db.execute(sql.raw(`select * from "${table}" order by 1`))) as {
      rows: unknown[];
    };
    dump[table] = JSON.stringify(result.rows);
  }
  return dump;
}

/**
 * The Idempotency-Key records a sweep adds: the caller's own replay of its refused write, which is
 * all a refused write may leave behind.
 */
async function idempotencyRecords() {
  const rows = await t.app.db
    .select({ scope: idempotencyKeys.scope, key: idempotencyKeys.key, response: idempotencyKeys.response })
    .from(idempotencyKeys);
  return new Map(rows.map((row) => [`${row.scope} ${row.key}`, row]));
}

async function expectNothingWritten(
  before: { rows: Record<string, string>; counts: RowCounts; keys: Map<string, { scope: string }> },
  actors: Party[],
): Promise<void> {
  expect(await watchedRows()).toEqual(before.rows);
  const { idempotency_keys: keysAdded, ...changes } = countChanges(before.counts, await rowCounts(t.app.db));
  expect(changes).toEqual({});
  const added = [...(await idempotencyRecords()).entries()].filter(([id]) => !before.keys.has(id));
  expect(added.length).toBe(keysAdded ?? 0);
  const scopes = actors.map((actor) => `user:${actor.id}`);
  for (const [, record] of added) {
    expect(scopes).toContain(record.scope);
    expect(JSON.parse(record.response ?? '{}')).not.toMatchObject({ err_code: 0 });
  }
}

async function snapshot() {
  return { rows: await watchedRows(), counts: await rowCounts(t.app.db), keys: await idempotencyRecords() };
}

interface Outcome {
  key: string;
  actor: string;
  aim: string;
  code: number;
}

describe(`the trade IDOR sweep over apiCalls (${databaseKind})`, () => {
  it('selects the trade calls from the call table, every one judged or excluded with a reason', () => {
    const lines = selected.map((key) => {
      const entry = classified[key];
      return `${key.padEnd(44)} ${entry?.kind === 'excluded' ? `excluded: ${entry.why}` : kindOf(key)}`;
    });
    console.log(`trade calls swept (${swept.length} of ${selected.length} selected):\n${lines.join('\n')}`);
    expect(swept.length).toBeGreaterThanOrEqual(60);
    for (const key of [...Object.keys(classified), ...buyerOnly, ...sellerOnly, ...partiesOnly])
      expect(selected, `${key} is classified but not selected`).toContain(key);
    for (const key of [
      'GET /app/order/account/main',
      'GET /app/dog/claims/v3',
      'POST /app/goods/bargain/agree',
    ])
      expect(swept).toContain(key);
  });

  it('the targets hold what a leak would show: their parties and staff read them', async () => {
    const [verifying, disputed] = scene.orders;
    const reveal = (who: Party, orderNo: string) =>
      call<AccountCredentials>(t.app, 'GET', `/app/order/account/main?order_no=${orderNo}`, {
        token: who.token,
      });
    expect((await reveal(buyer, verifying?.no ?? '')).body.data).toMatchObject(credentials[0]!);
    expect((await reveal(staff, disputed?.no ?? '')).body.data).toMatchObject(credentials[1]!);
    const claim = await call<ClaimDetail>(t.app, 'GET', `/app/dog/claims/v3?claim_no=${scene.claimNo}`, {
      token: buyer.token,
    });
    expect(claim.body.data?.description).toBe(CLAIM_TEXT);
    const protocol = await call(t.app, 'GET', `/app/order/protocol/page?order_no=${scene.orders[2]?.no}`, {
      token: seller.token,
    });
    expect(JSON.stringify(protocol.body)).toContain('阳小明');
    const bargain = await call(t.app, 'GET', `/app/goods/bargain/info?bargain_id=${scene.bargainId}`, {
      token: seller.token,
    });
    expect(bargain.body.err_code).toBe(0);
  });

  it('refuses a stranger every trade call on the targets, as for objects that do not exist', async () => {
    const moneyBefore = await expectMoneyConsistent(t);
    const before = await snapshot();
    const outcomes: Outcome[] = [];
    const problems: string[] = [];

    for (const key of swept) {
      const definition = (apiCalls as Record<string, ApiCall>)[key];
      const schema = definition?.query ?? definition?.body;
      const aims = schema ? aimsOf(key, objectShape(key, schema)) : [unaimed];
      for (const aim of aims) {
        const { body } = await send(key, stranger, aim);
        const text = JSON.stringify(body);
        outcomes.push({ key, actor: 'stranger', aim: aim.label, code: body.err_code });
        const shown = leaked(text, [...scene.secrets, ...scene.identifiers]);
        if (shown.length > 0) problems.push(`${key} → ${aim.label}: answered ${shown.join(', ')}`);
        if (inputRefusals.has(body.err_code))
          problems.push(
            `${key} → ${aim.label}: input refused (${body.err_code} ${body.message}), not access`,
          );
        if (kindOf(key) === 'read' || aim === unaimed) {
          if (body.err_code !== 0 && !strangerRefusals.has(body.err_code))
            problems.push(`${key} → ${aim.label}: ${body.err_code} ${body.message}`);
          continue;
        }
        if (body.err_code === 0)
          problems.push(`${key} → ${aim.label}: answered the stranger ${text.slice(0, 200)}`);
        else if (!strangerRefusals.has(body.err_code))
          problems.push(
            `${key} → ${aim.label}: refused with ${body.err_code} ${body.message}, not a not-found`,
          );
        if (aim !== unaimed) {
          const absent = await send(key, stranger, { ...missing, label: 'missing' });
          if (absent.body.err_code !== body.err_code)
            problems.push(
              `${key} → ${aim.label}: ${body.err_code} for it but ${absent.body.err_code} for a missing one`,
            );
        }
      }
    }

    console.log(
      `stranger answers:\n${outcomes.map((o) => `${o.key.padEnd(44)} ${o.aim.padEnd(24)} ${o.code}`).join('\n')}`,
    );
    expect(problems).toEqual([]);
    expect(outcomes.filter((o) => o.code !== 0).length).toBeGreaterThan(100);
    // the public list the stranger read did hold the target's evaluation, without its order
    const received = await call<ReceivedEvaluations>(
      t.app,
      'GET',
      `/app/evaluation/received?user_id=${seller.id}`,
      { token: stranger.token },
    );
    expect(received.body.data?.list.map((item) => item.order_no)).toEqual([null]);
    expect(
      outcomes.some((o) => o.key === 'GET /app/order/account/main' && o.code === ErrorCodes.ORDER_NOT_FOUND),
    ).toBe(true);
    await expectNothingWritten(before, [stranger]);
    expect(await expectMoneyConsistent(t)).toEqual(moneyBefore);
  });

  it("refuses the other side the side's own calls, and customer service the parties' calls", async () => {
    const moneyBefore = await expectMoneyConsistent(t);
    const before = await snapshot();
    const runs: { actor: Party; name: string; keys: string[] }[] = [
      { actor: seller, name: 'seller', keys: buyerOnly },
      { actor: buyer, name: 'buyer', keys: sellerOnly },
      { actor: staff, name: 'customer_service', keys: partiesOnly },
    ];
    const outcomes: Outcome[] = [];
    const problems: string[] = [];
    for (const { actor, name, keys } of runs)
      for (const key of keys) {
        const definition = (apiCalls as Record<string, ApiCall>)[key];
        const schema = definition?.query ?? definition?.body;
        for (const aim of schema ? aimsOf(key, objectShape(key, schema)).filter((a) => a !== unaimed) : []) {
          const { body } = await send(key, actor, aim);
          outcomes.push({ key, actor: name, aim: aim.label, code: body.err_code });
          const shown = leaked(JSON.stringify(body), scene.secrets);
          if (shown.length > 0) problems.push(`${name} ${key} → ${aim.label}: answered ${shown.join(', ')}`);
          if (body.err_code === 0) problems.push(`${name} ${key} → ${aim.label}: taken`);
          if (inputRefusals.has(body.err_code))
            problems.push(`${name} ${key} → ${aim.label}: input refused (${body.message})`);
        }
      }
    console.log(
      `other side / customer service answers:\n${outcomes
        .map((o) => `${o.actor.padEnd(17)} ${o.key.padEnd(38)} ${o.aim.padEnd(24)} ${o.code}`)
        .join('\n')}`,
    );
    expect(problems).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(60);
    expect(
      outcomes
        .filter((o) => o.key === 'GET /app/order/account/main' && o.actor === 'seller')
        .map((o) => o.code),
    ).toContain(ErrorCodes.ORDER_ACCOUNT_FORBIDDEN);
    await expectNothingWritten(before, [buyer, seller, staff]);
    expect(await expectMoneyConsistent(t)).toEqual(moneyBefore);
  });
});

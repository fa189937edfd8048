import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import {
  ErrorCodes,
  idChecksumChar,
  type LoginResponse,
  type ProtocolDataResult,
  type ProtocolPage,
  type ProtocolSignResult,
  type ProtocolSignUrl,
  type ProtocolSnapshots,
  type ProtocolStatus,
  type UploadTicket,
} from '@haoshi/contracts';
import { grantRole } from '../src/modules/identity/index.ts';
import { verifiedIdentity } from '../src/modules/real-name/index.ts';
import { createTestAppWithRoutes } from './helpers/custom-app.ts';
import { call, latestCode, login } from './helpers/identity.ts';
import { pngBytes, put } from './helpers/listings.ts';
import { countChanges, rowCounts } from './helpers/row-counts.ts';
import { createTestSubject, installTestSubjects, subjectState } from './helpers/protocol-subjects.ts';
import type { TestApp } from './helpers/test-app.ts';

const paths = {
  page: '/app/order/protocol/page',
  status: '/app/order/protocol/status',
  signUrl: '/app/order/protocol/sign_url',
  preview: '/app/order/protocol/preview',
  snapshots: '/app/order/protocol/snapshots',
  data: '/app/order/protocol/data',
  sign: '/app/order/sign',
};

const dataDir = mkdtempSync(join(tmpdir(), 'haoshi-esign-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestAppWithRoutes({ DATA_DIR: dataDir }, (app) => installTestSubjects(app));
});
afterAll(() => t.close());

let people = 0;
/** A logged-in user; verified with a fresh valid ID number unless told otherwise. */
async function user(verified = true): Promise<LoginResponse & { phone: string }> {
  people += 1;
  const phone = `1370000${String(people).padStart(4, '0')}`;
  const session = await login(t.app, phone, `10.1.0.${people}`);
  if (verified) {
    // A valid birth date for any number of people: 1990-01-01 and the days after it.
    const birth = new Date(Date.UTC(1990, 0, people)).toISOString().slice(0, 10).replaceAll('-', '');
    const first17 = `110105${birth}${String(100 + people).slice(-3)}`;
    const names = ['张三丰', '李四光', '王五常', '赵六合', '钱七星', '孙八方', '周九龄'];
    const { body } = await call(t.app, 'POST', '/app/user/auth/real_name', {
      token: session.token,
      body: { name: names[people % names.length], id_number: first17 + idChecksumChar(first17) },
    });
    if (body.err_code !== 0) throw new Error(JSON.stringify(body));
  }
  return { ...session, phone };
}

let orders = 0;
async function subject(
  buyer: { user: { id: number } },
  seller: { user: { id: number } },
  state = 'signing',
  refuseCompletion = false,
) {
  orders += 1;
  const orderNo = `HS2026112100${String(orders).padStart(2, '0')}`;
  await createTestSubject(t.app, {
    orderNo,
    buyerId: buyer.user.id,
    sellerId: seller.user.id,
    state,
    refuseCompletion,
  });
  return orderNo;
}

const get = <T>(path: string, token: string, orderNo: string) =>
  call<T>(t.app, 'GET', `${path}?order_no=${orderNo}`, { token });

let drawings = 0;
/** A signature upload; each one drawn differently, so no two signatures share their bytes. */
async function uploadSignature(token: string): Promise<string> {
  drawings += 1;
  const channel = (step: number) => ((drawings * step) % 256).toString(16).padStart(2, '0');
  const bytes = await pngBytes(300, 120, `#ff${channel(53)}${channel(97)}`);
  const { body } = await call<{ tickets: UploadTicket[] }>(t.app, 'POST', '/app/upload/ticket', {
    token,
    body: { purpose: 'signature', files: [{ content_type: 'image/png', size: bytes.length }] },
  });
  const ticket = body.data?.tickets[0];
  if (!ticket) throw new Error(JSON.stringify(body));
  expect((await put(t, ticket, bytes)).body.err_code).toBe(0);
  return ticket.key;
}

async function textHash(token: string, orderNo: string): Promise<string> {
  const { body } = await get<ProtocolPage>(paths.preview, token, orderNo);
  if (!body.data) throw new Error(JSON.stringify(body));
  return body.data.text_sha256;
}

async function startIntent(party: LoginResponse, orderNo: string) {
  // Past the resend cooldown of the login (or the previous) code to the same phone.
  t.clock.advance(61);
  const signature = await uploadSignature(party.token);
  return call<ProtocolDataResult>(t.app, 'POST', paths.data, {
    token: party.token,
    // Each intent sends a code: one address each keeps the file under the per-address daily cap.
    ip: `10.2.${Math.floor(drawings / 250)}.${drawings % 250}`,
    body: {
      order_no: orderNo,
      signature_image: signature,
      text_sha256: await textHash(party.token, orderNo),
    },
  });
}

async function signs(party: LoginResponse & { phone: string }, orderNo: string) {
  const started = await startIntent(party, orderNo);
  expect(started.body.err_code, JSON.stringify(started.body)).toBe(0);
  const code = await latestCode(t.app, party.phone);
  const { body } = await call<ProtocolSignResult>(t.app, 'POST', paths.sign, {
    token: party.token,
    body: { order_no: orderNo, code },
  });
  expect(body.err_code, JSON.stringify(body)).toBe(0);
  if (!body.data) throw new Error('no sign result');
  return body.data;
}

async function snapshots(token: string, orderNo: string): Promise<ProtocolSnapshots> {
  const { body } = await get<ProtocolSnapshots>(paths.snapshots, token, orderNo);
  if (!body.data) throw new Error(JSON.stringify(body));
  return body.data;
}

/** As a database owner could: with the append-only trigger out of the way. */
async function tamper(statement: ReturnType<typeof sql>) {
  await t.app.db.execute(
    sql`alter table protocol_snapshots disable trigger protocol_snapshots_no_update_delete`,
  );
  try {
    await t.app.db.execute(statement);
  } finally {
    await t.app.db.execute(
      sql`alter table protocol_snapshots enable trigger protocol_snapshots_no_update_delete`,
    );
  }
}

async function signedByBoth() {
  const buyer = await user();
  const seller = await user();
  const orderNo = await subject(buyer, seller);
  await signs(buyer, orderNo);
  await signs(seller, orderNo);
  return { buyer, seller, orderNo };
}

describe('signing an order protocol', () => {
  it('both parties sign; the snapshots chain, verify with the public key, and the order moves on', async () => {
    const buyer = await user();
    const seller = await user();
    const orderNo = await subject(buyer, seller);

    const page = (await get<ProtocolPage>(paths.page, buyer.token, orderNo)).body.data;
    expect(page?.title).toBe('账号交易转让协议');
    expect(page?.text).toContain(`订单编号：${orderNo}`);
    expect(page?.text).toContain('人民币1288.00元');
    expect(page?.text).toContain('包赔服务');
    expect(page?.text).toContain('2026年11月21日');
    expect(page?.parties.map((party) => party.name_masked)).toEqual([
      expect.stringMatching(/^\*/),
      expect.stringMatching(/^\*/),
    ]);
    expect(page?.parties[0]?.id_number_masked).toMatch(/^110\*+\d{3}[\dX]$/);
    expect(page?.status).toMatchObject({ status: 'unsigned', viewer: 'buyer', can_sign: true });
    expect((await get<ProtocolSignUrl>(paths.signUrl, buyer.token, orderNo)).body.data).toEqual({
      provider: 'builtin',
      url: `/ratifyAccord?order_no=${orderNo}`,
    });

    const first = await signs(buyer, orderNo);
    expect(first.status).toMatchObject({ status: 'partly_signed', buyer_signed: true, seller_signed: false });
    expect(await subjectState(t.app, orderNo)).toBe('signing');
    const sellerView = (await get<ProtocolStatus>(paths.status, seller.token, orderNo)).body.data;
    expect(sellerView).toMatchObject({ viewer: 'seller', can_sign: true, buyer_signed: true });

    const second = await signs(seller, orderNo);
    expect(second.status).toMatchObject({ status: 'signed', can_sign: false });
    expect(await subjectState(t.app, orderNo)).toBe('protection');

    const chain = await snapshots(seller.token, orderNo);
    expect(chain.valid).toBe(true);
    expect(chain.list.map((row) => [row.seq, row.signed_by, row.valid])).toEqual([
      [1, 'buyer', true],
      [2, 'seller', true],
    ]);
    const [one, two] = chain.list;
    expect(one?.prev_hash).toBe('0'.repeat(64));
    expect(two?.prev_hash).toBe(one?.hash);
    expect(two?.signatures.map((signature) => signature.role)).toEqual(['buyer', 'seller']);
    expect(two?.text_sha256).toBe(
      createHash('sha256')
        .update(two?.text ?? '')
        .digest('hex'),
    );
    // Anyone holding the published key can check the seal, without our code.
    const publicKey = createPublicKey({
      key: Buffer.concat([
        Buffer.from('302a300506032b6570032100', 'hex'),
        Buffer.from(chain.public_key, 'base64'),
      ]),
      format: 'der',
      type: 'spki',
    });
    for (const row of chain.list)
      expect(
        verify(null, Buffer.from(row.hash, 'hex'), publicKey, Buffer.from(row.platform_signature, 'base64')),
      ).toBe(true);

    const signedPage = (await get<ProtocolPage>(paths.page, buyer.token, orderNo)).body.data;
    expect(signedPage?.parties.every((party) => party.signed && party.signature_url)).toBe(true);
    const again = await startIntent(buyer, orderNo);
    expect(again.body.err_code).toBe(5803);
  });

  it('refuses a signer without real-name verification (4301) and waits for an unverified counterpart (5807)', async () => {
    const unverified = await user(false);
    const verified = await user();
    const orderNo = await subject(unverified, verified);
    const before = await rowCounts(t.database.db);
    const refused = await call(t.app, 'POST', paths.data, {
      token: unverified.token,
      body: { order_no: orderNo, signature_image: 'signature/x.jpg', text_sha256: 'a'.repeat(64) },
    });
    expect(refused.body.err_code).toBe(4301);
    expect(await startIntent(verified, orderNo)).toMatchObject({ body: { err_code: 5807 } });
    const page = (await get<ProtocolPage>(paths.page, verified.token, orderNo)).body.data;
    expect(page?.text).toContain('（待实名认证）');
    const changes = countChanges(before, await rowCounts(t.database.db));
    expect(Object.keys(changes).filter((table) => table !== 'upload_tickets')).toEqual([]);
  });

  it('a wrong SMS code signs nothing; without an intent or off the signing step it is refused', async () => {
    const buyer = await user();
    const seller = await user();
    const orderNo = await subject(buyer, seller);
    expect(
      (
        await call(t.app, 'POST', paths.sign, {
          token: buyer.token,
          body: { order_no: orderNo, code: '123456' },
        })
      ).body.err_code,
    ).toBe(5804);
    expect((await startIntent(buyer, orderNo)).body.err_code).toBe(0);
    const code = await latestCode(t.app, buyer.phone);
    const wrong = code === '000000' ? '000001' : '000000';
    const before = await rowCounts(t.database.db);
    const refused = await call(t.app, 'POST', paths.sign, {
      token: buyer.token,
      body: { order_no: orderNo, code: wrong },
    });
    expect(refused.body.err_code).toBe(2004);
    expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
    expect(await snapshots(buyer.token, orderNo)).toMatchObject({ valid: true, missing: false, list: [] });
    const stale = await call(t.app, 'POST', paths.data, {
      token: buyer.token,
      body: {
        order_no: orderNo,
        signature_image: await uploadSignature(buyer.token),
        text_sha256: 'b'.repeat(64),
      },
    });
    expect(stale.body.err_code).toBe(5805);

    const paid = await subject(buyer, seller, 'paid');
    expect((await startIntent(buyer, paid)).body.err_code).toBe(5802);
    expect((await get<ProtocolStatus>(paths.status, buyer.token, paid)).body.data?.can_sign).toBe(false);
  });

  it("a code asked for one order does not sign another of the signer's orders", async () => {
    const buyer = await user();
    const seller = await user();
    const first = await subject(buyer, seller);
    const second = await subject(buyer, seller);
    expect((await startIntent(buyer, first)).body.err_code).toBe(0);
    expect((await startIntent(buyer, second)).body.err_code).toBe(0);
    const code = await latestCode(t.app, buyer.phone);
    const crossed = await call(t.app, 'POST', paths.sign, {
      token: buyer.token,
      body: { order_no: first, code },
    });
    expect(crossed.body.err_code).toBe(5804);
    const right = await call(t.app, 'POST', paths.sign, {
      token: buyer.token,
      body: { order_no: second, code },
    });
    expect(right.body.err_code).toBe(0);
  });

  it('writes no snapshot when the order refuses to leave signing', async () => {
    const buyer = await user();
    const seller = await user();
    const orderNo = await subject(buyer, seller, 'signing', true);
    await signs(buyer, orderNo);
    expect((await startIntent(seller, orderNo)).body.err_code).toBe(0);
    const code = await latestCode(t.app, seller.phone);
    const before = await rowCounts(t.database.db);
    const refused = await call(t.app, 'POST', paths.sign, {
      token: seller.token,
      body: { order_no: orderNo, code },
    });
    expect(refused.body.err_code).toBe(1013);
    expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
    const chain = await snapshots(seller.token, orderNo);
    expect(chain.list.map((row) => row.signed_by)).toEqual(['buyer']);
    expect(await subjectState(t.app, orderNo)).toBe('signing');
  });

  it('both parties signing at the same moment append one chain and complete the order once', async () => {
    const buyer = await user();
    const seller = await user();
    const orderNo = await subject(buyer, seller);
    expect((await startIntent(buyer, orderNo)).body.err_code).toBe(0);
    expect((await startIntent(seller, orderNo)).body.err_code).toBe(0);
    const codes = [await latestCode(t.app, buyer.phone), await latestCode(t.app, seller.phone)];
    const results = await Promise.all(
      [buyer, seller].map((party, index) =>
        call<ProtocolSignResult>(t.app, 'POST', paths.sign, {
          token: party.token,
          body: { order_no: orderNo, code: codes[index] },
        }),
      ),
    );
    expect(results.map((result) => result.body.err_code)).toEqual([0, 0]);
    expect(results.map((result) => result.body.data?.snapshot.seq).sort()).toEqual([1, 2]);
    const chain = await snapshots(buyer.token, orderNo);
    expect(chain.valid).toBe(true);
    expect(chain.list.at(-1)?.signatures).toHaveLength(2);
    expect(await subjectState(t.app, orderNo)).toBe('protection');
  });

  it('accepts only a signature drawn and uploaded by the signer for signing', async () => {
    const buyer = await user();
    const seller = await user();
    const orderNo = await subject(buyer, seller);
    const sellersImage = await uploadSignature(seller.token);
    const refused = await call(t.app, 'POST', paths.data, {
      token: buyer.token,
      body: {
        order_no: orderNo,
        signature_image: sellersImage,
        text_sha256: await textHash(buyer.token, orderNo),
      },
    });
    expect(refused.body.err_code).toBe(3107);
  });
});

describe('who may read a protocol', () => {
  it('a third user gets 5801 on every call, as for an order that does not exist', async () => {
    const { buyer, orderNo } = await signedByBoth();
    const stranger = await user();
    for (const path of [paths.page, paths.status, paths.signUrl, paths.preview, paths.snapshots]) {
      expect((await get(path, stranger.token, orderNo)).body.err_code, path).toBe(5801);
      expect((await get(path, buyer.token, 'HS-NO-SUCH-ORDER')).body.err_code, path).toBe(5801);
    }
    const data = await call(t.app, 'POST', paths.data, {
      token: stranger.token,
      body: {
        order_no: orderNo,
        signature_image: await uploadSignature(stranger.token),
        text_sha256: 'c'.repeat(64),
      },
    });
    expect(data.body.err_code).toBe(5801);
    const sign = await call(t.app, 'POST', paths.sign, {
      token: stranger.token,
      body: { order_no: orderNo, code: '123456' },
    });
    expect(sign.body.err_code).toBe(5801);
    expect((await get(paths.page, '', orderNo)).body.err_code).toBe(400);
  });

  it('customer-service staff read the protocol and snapshots but cannot sign', async () => {
    const buyer = await user();
    const seller = await user();
    const orderNo = await subject(buyer, seller);
    const staff = await user();
    await grantRole(t.database.db, staff.user.id, 'customer_service');
    const page = (await get<ProtocolPage>(paths.page, staff.token, orderNo)).body.data;
    expect(page?.status).toMatchObject({ viewer: 'staff', can_sign: false });
    expect((await get(paths.snapshots, staff.token, orderNo)).body.err_code).toBe(0);
    expect((await startIntent(staff, orderNo)).body.err_code).toBe(5806);
  });
});

describe('a protocol before payment', () => {
  it('names both parties by a placeholder to everyone, until the order is paid', async () => {
    const buyer = await user();
    const seller = await user();
    const unverified = await user(false);
    const staff = await user();
    await grantRole(t.database.db, staff.user.id, 'customer_service');
    const sellerName = (await verifiedIdentity(t.app.db, seller.user.id))?.nameMasked ?? '';
    expect(sellerName).toMatch(/^\*/);

    for (const state of ['pending_payment', 'cancelled', 'expired']) {
      const orderNo = await subject(buyer, seller, state);
      const withUnverified = await subject(unverified, seller, state);
      for (const reader of [buyer, seller, staff]) {
        const page = (await get<ProtocolPage>(paths.page, reader.token, orderNo)).body.data;
        expect(page?.parties.map((party) => [party.name_masked, party.id_number_masked])).toEqual([
          ['（付款后显示）', '（付款后显示）'],
          ['（付款后显示）', '（付款后显示）'],
        ]);
        expect(page?.text).toContain('甲方（转让方/卖方）：（付款后显示），身份证号：（付款后显示）');
        expect(page?.text).not.toContain(sellerName);
        expect(page?.text).toContain(`订单编号：${orderNo}`);
        expect(page?.status).toMatchObject({ status: 'unsigned', can_sign: false });
        const preview = (await get<ProtocolPage>(paths.preview, reader.token, orderNo)).body.data;
        expect(preview?.text).toBe(page?.text);
        expect((await snapshots(reader.token, orderNo)).list).toEqual([]);
      }
      // Nor does it tell whether the other party is verified.
      const other = (await get<ProtocolPage>(paths.page, seller.token, withUnverified)).body.data;
      expect(other?.text).not.toContain('（待实名认证）');
      expect(other?.text).toBe(
        (await get<ProtocolPage>(paths.page, seller.token, orderNo)).body.data?.text.replaceAll(
          orderNo,
          withUnverified,
        ),
      );
      expect((await startIntent(buyer, orderNo)).body.err_code).toBe(5802);
    }

    const paid = await subject(buyer, seller, 'paid');
    const page = (await get<ProtocolPage>(paths.page, buyer.token, paid)).body.data;
    expect(page?.parties.find((party) => party.role === 'seller')?.name_masked).toBe(sellerName);
    expect(page?.text).toContain(`甲方（转让方/卖方）：${sellerName}`);
  });
});

describe('tampering with stored snapshots', () => {
  it('the database refuses to update or delete a snapshot', async () => {
    const { orderNo } = await signedByBoth();
    await expect(
      t.app.db.execute(sql`update protocol_snapshots set text = 'x' where order_no = ${orderNo}`),
    ).rejects.toThrow();
    await expect(
      t.app.db.execute(sql`delete from protocol_snapshots where order_no = ${orderNo}`),
    ).rejects.toThrow();
  });

  it('a changed text is reported on that snapshot', async () => {
    const { buyer, orderNo } = await signedByBoth();
    await tamper(
      sql`update protocol_snapshots set text = replace(text, '1288', '12') where order_no = ${orderNo} and seq = 1`,
    );
    const chain = await snapshots(buyer.token, orderNo);
    expect(chain.valid).toBe(false);
    expect(chain.list.map((row) => row.problems)).toEqual([['content_changed', 'signature_invalid'], []]);
  });

  it('a text rewritten with a matching hash fails the platform signature and breaks the next link', async () => {
    const { buyer, orderNo } = await signedByBoth();
    const rows = await snapshots(buyer.token, orderNo);
    const first = rows.list[0];
    if (!first) throw new Error('no snapshot');
    // Recompute what the server would hash for the forged text, so that only the seal can tell.
    const { snapshotHash } = await import('../src/modules/esign/snapshot-chain.ts');
    const forgedText = first.text.replace('1288', '12');
    const stored = (await t.app.db.execute(
      sql`select * from protocol_snapshots where order_no = ${orderNo} and seq = 1`,
    )) as { rows: Record<string, unknown>[] };
    const row = stored.rows[0];
    if (!row) throw new Error('no row');
    const forgedTextHash = createHash('sha256').update(forgedText).digest('hex');
    const forgedHash = snapshotHash({
      subjectId: Number(row.subject_id),
      orderNo,
      seq: 1,
      signedBy: 'buyer',
      templateVersion: first.template_version,
      text: forgedText,
      textSha256: forgedTextHash,
      parties: (typeof row.parties === 'string' ? JSON.parse(row.parties) : row.parties) as never,
      signatures: (typeof row.signatures === 'string' ? JSON.parse(row.signatures) : row.signatures) as never,
      signedAt: new Date(first.signed_at),
      prevHash: first.prev_hash,
    });
    await tamper(sql`update protocol_snapshots set text = ${forgedText}, text_sha256 = ${forgedTextHash},
      hash = ${forgedHash} where order_no = ${orderNo} and seq = 1`);
    const chain = await snapshots(buyer.token, orderNo);
    expect(chain.list.map((item) => item.problems)).toEqual([['signature_invalid'], ['chain_broken']]);
  });

  it('a removed snapshot breaks the chain of the one after it', async () => {
    const { buyer, orderNo } = await signedByBoth();
    await tamper(sql`delete from protocol_snapshots where order_no = ${orderNo} and seq = 1`);
    const chain = await snapshots(buyer.token, orderNo);
    expect(chain.valid).toBe(false);
    expect(chain.list.map((row) => [row.seq, row.problems])).toEqual([[2, ['chain_broken']]]);
  });

  it('a removed last snapshot is reported: the subject went past signing without both signatures', async () => {
    const { buyer, orderNo } = await signedByBoth();
    await tamper(sql`delete from protocol_snapshots where order_no = ${orderNo} and seq = 2`);
    const chain = await snapshots(buyer.token, orderNo);
    expect(chain.valid).toBe(false);
    expect(chain.list.map((row) => [row.seq, row.problems])).toEqual([[1, ['chain_truncated']]]);
    const status = (await get<ProtocolStatus>(paths.status, buyer.token, orderNo)).body.data;
    expect(status).toMatchObject({ status: 'missing', can_sign: false });
  });

  it('every snapshot removed is reported as missing, not as unsigned, and nobody signs again', async () => {
    const { buyer, seller, orderNo } = await signedByBoth();
    await tamper(sql`delete from protocol_snapshots where order_no = ${orderNo}`);
    expect(await snapshots(seller.token, orderNo)).toMatchObject({ valid: false, missing: true, list: [] });
    for (const party of [buyer, seller]) {
      const missing = { status: 'missing', buyer_signed: false, seller_signed: false, can_sign: false };
      expect((await get<ProtocolStatus>(paths.status, party.token, orderNo)).body.data).toMatchObject(
        missing,
      );
      expect((await get<ProtocolPage>(paths.page, party.token, orderNo)).body.data?.status).toMatchObject(
        missing,
      );
      expect((await startIntent(party, orderNo)).body.err_code).toBe(5802);
    }
  });

  it("a party's signature removed before the other signed is reported, and nobody signs over it", async () => {
    const buyer = await user();
    const seller = await user();
    const orderNo = await subject(buyer, seller);
    await signs(buyer, orderNo);
    await tamper(sql`delete from protocol_snapshots where order_no = ${orderNo}`);
    expect(await snapshots(seller.token, orderNo)).toMatchObject({ valid: false, missing: true, list: [] });
    for (const party of [buyer, seller]) {
      expect((await get<ProtocolStatus>(paths.status, party.token, orderNo)).body.data).toMatchObject({
        status: 'missing',
        can_sign: false,
      });
      expect((await startIntent(party, orderNo)).body.err_code).toBe(ErrorCodes.PROTOCOL_RECORD_LOST);
    }
    expect(await subjectState(t.app, orderNo)).toBe('signing');
  });

  it('a snapshot sealed with another key is reported', async () => {
    const { buyer, orderNo } = await signedByBoth();
    await tamper(
      sql`update protocol_snapshots set key_id = 'ffffffffffffffff' where order_no = ${orderNo} and seq = 2`,
    );
    const chain = await snapshots(buyer.token, orderNo);
    expect(chain.list.map((row) => row.problems)).toEqual([[], ['key_unknown']]);
  });
});

/** Where the test app keeps a stored object, from its public URL (`/uploads/<key>`). */
const storedFile = (url: string) => join(dataDir, 'uploads', url.replace(/^\/uploads\//, ''));

describe('tampering with stored signature images', () => {
  it('an image replaced in storage is reported on every snapshot that holds it', async () => {
    const { buyer, orderNo } = await signedByBoth();
    const buyersImage = (await snapshots(buyer.token, orderNo)).list[0]?.signatures[0]?.image_url ?? '';
    writeFileSync(storedFile(buyersImage), await pngBytes(300, 120, '#000000'));
    const chain = await snapshots(buyer.token, orderNo);
    expect(chain.valid).toBe(false);
    expect(chain.list.map((row) => row.problems)).toEqual([['image_changed'], ['image_changed']]);
  });

  it('an image removed from storage is reported', async () => {
    const { seller, orderNo } = await signedByBoth();
    const last = (await snapshots(seller.token, orderNo)).list[1];
    const sellersImage = last?.signatures.find((signature) => signature.role === 'seller')?.image_url ?? '';
    rmSync(storedFile(sellersImage));
    const chain = await snapshots(seller.token, orderNo);
    expect(chain.valid).toBe(false);
    expect(chain.list.map((row) => row.problems)).toEqual([[], ['image_missing']]);
  });

  it('the image signed is the one hashed at intent, whatever the upload holds afterwards', async () => {
    const buyer = await user();
    const seller = await user();
    const orderNo = await subject(buyer, seller);
    t.clock.advance(61);
    const upload = await uploadSignature(buyer.token);
    const intent = await call(t.app, 'POST', paths.data, {
      token: buyer.token,
      body: { order_no: orderNo, signature_image: upload, text_sha256: await textHash(buyer.token, orderNo) },
    });
    expect(intent.body.err_code).toBe(0);
    // With S3 the upload's signed PUT URL works until it expires: its bytes can still change.
    writeFileSync(join(dataDir, 'uploads', upload), await pngBytes(300, 120, '#000000'));
    const signed = await call(t.app, 'POST', paths.sign, {
      token: buyer.token,
      body: { order_no: orderNo, code: await latestCode(t.app, buyer.phone) },
    });
    expect(signed.body.err_code).toBe(0);
    const chain = await snapshots(buyer.token, orderNo);
    expect(chain.valid).toBe(true);
    const signature = chain.list[0]?.signatures[0];
    const stored = readFileSync(storedFile(signature?.image_url ?? ''));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(signature?.image_sha256);
  });
});

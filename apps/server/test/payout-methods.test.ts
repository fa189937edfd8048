import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  idChecksumChar,
  type LoginResponse,
  type PayoutMethodItem,
  type PayoutMethodList,
  type UploadPurpose,
  type UploadTicket,
} from '@haoshi/contracts';
import { withdrawals } from '../src/db/schema.ts';
import { getPayoutMethodForUser } from '../src/modules/payout-methods/payout-method-service.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { pngBytes, put } from './helpers/listings.ts';
import { countChanges, rowCounts } from './helpers/row-counts.ts';

const paths = {
  list: '/app/user/settle/list',
  add: '/app/user/settle/add',
  remove: '/app/user/settle/delete',
  qr: '/app/user/settle/qr_code',
};
/** The demo identity documented for the end-to-end test. */
const demo = { name: '王小明', id_number: '11010519491231002X' };
const card = '6222021234567890128';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'haoshi-payout-')) });
});
afterAll(() => t.close());

const add = (token: string, body: Record<string, unknown>) =>
  call<PayoutMethodItem>(t.app, 'POST', paths.add, { token, body });
const list = async (token: string) => {
  const { body } = await call<PayoutMethodList>(t.app, 'GET', paths.list, { token });
  if (!body.data) throw new Error(JSON.stringify(body));
  return body.data;
};

async function expectNoWrites(run: () => Promise<unknown>) {
  const before = await rowCounts(t.database.db);
  await run();
  expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
}

async function verifiedUser(phone: string, identity = demo): Promise<LoginResponse> {
  const session = await login(t.app, phone);
  const { body } = await call(t.app, 'POST', '/app/user/auth/real_name', {
    token: session.token,
    body: identity,
  });
  if (body.err_code !== 0) throw new Error(JSON.stringify(body));
  return session;
}

async function uploadQr(token: string, purpose: UploadPurpose = 'payout_qr'): Promise<string> {
  const bytes = await pngBytes(200, 200, '#20a050');
  const { body } = await call<{ tickets: UploadTicket[] }>(t.app, 'POST', '/app/upload/ticket', {
    token,
    body: { purpose, files: [{ content_type: 'image/png', size: bytes.length }] },
  });
  const ticket = body.data?.tickets[0];
  if (!ticket) throw new Error(JSON.stringify(body));
  expect((await put(t, ticket, bytes)).body.err_code).toBe(0);
  return ticket.key;
}

describe(`payout methods on ${databaseKind}`, () => {
  it('needs a session for every call', async () => {
    expect((await call(t.app, 'GET', paths.list)).body.err_code).toBe(400);
    const body = { type: 'alipay', account: '13812345678', holder_name: '王小明' };
    expect((await call(t.app, 'POST', paths.add, { body })).body.err_code).toBe(400);
    expect((await call(t.app, 'POST', paths.remove, { body: { id: 1 } })).body.err_code).toBe(400);
    expect(
      (await call(t.app, 'POST', paths.qr, { body: { id: 1, qr_image: 'a/b.jpg' } })).body.err_code,
    ).toBe(400);
  });

  it('sends an unverified user to real-name verification (4301), writing nothing', async () => {
    const { token } = await login(t.app, '13988880001');
    expect(await list(token)).toEqual({ list: [], max: 10, real_name_verified: false });
    for (const body of [
      { type: 'alipay', account: '13812345678', holder_name: '王小明' },
      { type: 'bank', account: card, bank_name: '中国工商银行', holder_name: '王小明' },
      { type: 'wechat', account: 'wxid_haoshi01', holder_name: '王小明' },
    ]) {
      await expectNoWrites(async () => expect((await add(token, body)).body.err_code).toBe(4301));
    }
  });

  it('adds Alipay, bank and WeChat methods, all shown masked', async () => {
    const { token, user } = await verifiedUser('13988880002');
    const alipay = await add(token, { type: 'alipay', account: '13812345678', holder_name: '王小明' });
    expect(alipay.body).toMatchObject({
      err_code: 0,
      data: { type: 'alipay', account_masked: '138****5678', holder_name_masked: '*小明', in_use: false },
    });
    const email = await add(token, { type: 'alipay', account: 'wangxm@example.com', holder_name: '王小明' });
    expect(email.body.data?.account_masked).toBe('wa***@example.com');
    const bank = await add(token, {
      type: 'bank',
      account: '6222 0212 3456 7890 128',
      bank_name: '中国工商银行',
      holder_name: ' 王小明 ',
    });
    expect(bank.body.data).toMatchObject({
      account_masked: '6222 **** **** 0128',
      bank_name: '中国工商银行',
    });
    const wechatId = await add(token, { type: 'wechat', account: 'wxid_haoshi01', holder_name: '王小明' });
    expect(wechatId.body.data?.account_masked).toBe('wx***01');
    const key = await uploadQr(token);
    const wechatQr = await add(token, { type: 'wechat', qr_image: key, holder_name: '王小明' });
    expect(wechatQr.body.data).toMatchObject({
      account_masked: '微信收款码',
      qr_image_url: `/uploads/${key}`,
    });

    const { response } = await call(t.app, 'GET', paths.list, { token });
    const mine = await list(token);
    expect(mine.list.map((item) => item.type)).toEqual(['alipay', 'alipay', 'bank', 'wechat', 'wechat']);
    expect(mine.real_name_verified).toBe(true);
    for (const secret of ['13812345678', 'wangxm@', card, 'wxid_haoshi01', '王小明', demo.id_number])
      expect(response.body).not.toContain(secret);

    // The payout provider gets the full account through the service only.
    const forPayout = await getPayoutMethodForUser(t.database.db, user.id, bank.body.data?.id ?? 0);
    expect(forPayout).toMatchObject({
      type: 'bank',
      account: card,
      holderName: '王小明',
      bankName: '中国工商银行',
    });
  });

  it('refuses bad accounts, another holder, duplicates and more than 10, writing nothing', async () => {
    const { token } = await verifiedUser('13988880003', { name: '李雷', id_number: '110101199003071233' });
    const refusals: Array<[Record<string, unknown>, number, string?]> = [
      [
        { type: 'bank', account: '6222021234567890127', bank_name: '招商银行', holder_name: '李雷' },
        4402,
        'account',
      ],
      [{ type: 'bank', account: '12345', bank_name: '招商银行', holder_name: '李雷' }, 4402, 'account'],
      [{ type: 'bank', account: card, bank_name: '招商银行', holder_name: '韩梅梅' }, 4403, 'holder_name'],
      [{ type: 'alipay', account: '13812345678', holder_name: '李蕾' }, 4403, 'holder_name'],
      [{ type: 'alipay', account: 'not-an-account', holder_name: '李雷' }, 1000, 'account'],
      [{ type: 'wechat', holder_name: '李雷' }, 4407, 'account'],
      [{ type: 'wechat', account: '1abc', holder_name: '李雷' }, 1000, 'account'],
      [{ type: 'paypal', account: 'x@y.com', holder_name: '李雷' }, 1000],
    ];
    for (const [body, code, field] of refusals) {
      await expectNoWrites(async () => {
        const { body: answer } = await add(token, body);
        expect(answer, JSON.stringify(body)).toMatchObject({ err_code: code, ...(field ? { field } : {}) });
      });
    }
    expect(
      (await add(token, { type: 'alipay', account: '13812345678', holder_name: '李雷' })).body.err_code,
    ).toBe(0);
    await expectNoWrites(async () => {
      const duplicate = await add(token, { type: 'alipay', account: '13812345678', holder_name: '李雷' });
      expect(duplicate.body).toMatchObject({ err_code: 4404 });
    });
    for (let index = 1; index < 10; index += 1) {
      const { body } = await add(token, {
        type: 'alipay',
        account: `lilei${index}@example.com`,
        holder_name: '李雷',
      });
      expect(body.err_code).toBe(0);
    }
    await expectNoWrites(async () => {
      const eleventh = await add(token, {
        type: 'alipay',
        account: 'lilei11@example.com',
        holder_name: '李雷',
      });
      expect(eleventh.body.err_code).toBe(4405);
    });
  });

  it('refuses someone else’s receive-code upload', async () => {
    const owner = await verifiedUser('13988880004', { name: '张伟', id_number: '440305198808080012' });
    const other = await verifiedUser('13988880005', { name: '韩梅梅', id_number: '310115199506150043' });
    const key = await uploadQr(owner.token);
    await expectNoWrites(async () => {
      const { body } = await add(other.token, { type: 'wechat', qr_image: key, holder_name: '韩梅梅' });
      expect(body).toMatchObject({ err_code: 3107, field: 'qr_image' });
    });
  });

  it('accepts as a receive code only an upload made for one (issue 9 E.9)', async () => {
    const owner = await verifiedUser('13988880017', { name: '刘洋', id_number: '110105199001011232' });
    const screenshot = await uploadQr(owner.token, 'goods_screenshot');
    const avatar = await uploadQr(owner.token, 'avatar');
    await expectNoWrites(async () => {
      for (const key of [screenshot, avatar]) {
        const { body } = await add(owner.token, { type: 'wechat', qr_image: key, holder_name: '刘洋' });
        expect(body).toMatchObject({ err_code: 3010, field: 'qr_image' });
      }
    });
    const wechat = await add(owner.token, {
      type: 'wechat',
      qr_image: await uploadQr(owner.token),
      holder_name: '刘洋',
    });
    expect(wechat.body.err_code).toBe(0);
    const id = wechat.body.data?.id ?? 0;
    const changed = await call(t.app, 'POST', paths.qr, {
      token: owner.token,
      body: { id, qr_image: screenshot },
    });
    expect(changed.body).toMatchObject({ err_code: 3010, field: 'qr_image' });
  });

  it('deletes and changes only the user’s own methods', async () => {
    t.clock.advance(61);
    const alice = await login(t.app, '13988880002');
    const bob = await login(t.app, '13988880006');
    const aliceMethods = (await list(alice.token)).list;
    const wechat = aliceMethods.find((item) => item.account_masked === '微信收款码');
    const alipay = aliceMethods[0];
    if (!wechat || !alipay) throw new Error('alice has no methods');
    expect((await list(bob.token)).list).toEqual([]);

    const bobKey = await uploadQr(bob.token);
    await expectNoWrites(async () => {
      expect(
        (await call(t.app, 'POST', paths.remove, { token: bob.token, body: { id: alipay.id } })).body
          .err_code,
      ).toBe(4401);
      const change = await call(t.app, 'POST', paths.qr, {
        token: bob.token,
        body: { id: wechat.id, qr_image: bobKey },
      });
      expect(change.body.err_code).toBe(4401);
    });
    await expect(getPayoutMethodForUser(t.database.db, bob.user.id, alipay.id)).rejects.toMatchObject({
      errCode: 4401,
    });

    const aliceKey = await uploadQr(alice.token);
    await expectNoWrites(async () => {
      const notWechat = await call(t.app, 'POST', paths.qr, {
        token: alice.token,
        body: { id: alipay.id, qr_image: aliceKey },
      });
      expect(notWechat.body.err_code).toBe(4409);
      const foreignKey = await call(t.app, 'POST', paths.qr, {
        token: alice.token,
        body: { id: wechat.id, qr_image: bobKey },
      });
      expect(foreignKey.body.err_code).toBe(3107);
    });
    const changed = await call<PayoutMethodItem>(t.app, 'POST', paths.qr, {
      token: alice.token,
      body: { id: wechat.id, qr_image: aliceKey },
    });
    expect(changed.body.data?.qr_image_url).toBe(`/uploads/${aliceKey}`);

    const removed = await call(t.app, 'POST', paths.remove, { token: alice.token, body: { id: alipay.id } });
    expect(removed.body.err_code).toBe(0);
    expect((await list(alice.token)).list.map((item) => item.id)).not.toContain(alipay.id);
    expect(
      (await call(t.app, 'POST', paths.remove, { token: alice.token, body: { id: alipay.id } })).body
        .err_code,
    ).toBe(4401);
    await expect(getPayoutMethodForUser(t.database.db, alice.user.id, alipay.id)).rejects.toMatchObject({
      errCode: 4401,
    });
    // A deleted account may be added again.
    const readded = await add(alice.token, { type: 'alipay', account: '13812345678', holder_name: '王小明' });
    expect(readded.body.err_code).toBe(0);
  });

  it('refuses to delete a method an unfinished withdrawal uses', async () => {
    const first17 = '32010219880808016';
    const { token, user } = await verifiedUser('13988880007', {
      name: '赵敏',
      id_number: first17 + idChecksumChar(first17),
    });
    const added = await add(token, { type: 'alipay', account: 'zhaomin@example.com', holder_name: '赵敏' });
    const id = added.body.data?.id ?? 0;
    const at = new Date();
    await t.database.db.insert(withdrawals).values({
      userId: user.id,
      mode: 'normal',
      status: 'pending_review',
      amountFen: 5000,
      feeFen: 0,
      receivedFen: 5000,
      payoutMethodId: id,
      methodType: 'alipay',
      accountMasked: 'zh***@example.com',
      holderName: '赵敏',
      createdAt: at,
      updatedAt: at,
    });
    expect((await list(token)).list[0]).toMatchObject({ id, in_use: true });
    await expectNoWrites(async () => {
      const { body } = await call(t.app, 'POST', paths.remove, { token, body: { id } });
      expect(body.err_code).toBe(4408);
    });
  });
});

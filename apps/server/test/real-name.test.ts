import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { idChecksumChar, type RealNameSnapshot } from '@haoshi/contracts';
import { realNameVerifications, users } from '../src/db/schema.ts';
import { assertPhoneBound, assertRealNameVerified } from '../src/modules/real-name/guards.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { countChanges, rowCounts } from './helpers/row-counts.ts';

/** An ID number with a correct check character: region (6) + birth date (8) + sequence (3). */
const idNumber = (region: string, birth: string, sequence = '123') => {
  const first17 = `${region}${birth}${sequence}`;
  return first17 + idChecksumChar(first17);
};

const submitPath = '/app/user/auth/real_name';
const snapshotPath = '/app/user/auth/snapshot';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function submit(token: string, name: string, id_number: string) {
  return call<RealNameSnapshot>(t.app, 'POST', submitPath, { token, body: { name, id_number } });
}

/** Calls `run` and expects it to change no row anywhere. */
async function expectNoWrites(run: () => Promise<unknown>) {
  const before = await rowCounts(t.database.db);
  await run();
  expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
}

describe(`real-name verification on ${databaseKind}`, () => {
  it('needs a session for every call', async () => {
    expect((await call(t.app, 'GET', snapshotPath)).body.err_code).toBe(400);
    const refused = await call(t.app, 'POST', submitPath, {
      body: { name: '王小明', id_number: '11010519491231002X' },
    });
    expect(refused.body.err_code).toBe(400);
  });

  it('refuses bad ID numbers with a reason, writing nothing', async () => {
    const { token } = await login(t.app, '13966660001');
    const cases: Array<[string, number, string]> = [
      ['110101199003071234', 4303, '校验'], // wrong check character
      ['11010119900307123', 4303, '18位'], // 17 digits
      ['1101011990030712XX', 4303, '18位'],
      [idNumber('110101', '19900230'), 4303, '出生日期'], // 30 February
      [idNumber('110101', '20270101'), 4303, '出生日期'], // in the future
      [idNumber('110101', '18991231'), 4303, '出生日期'],
      [idNumber('990101', '19900307'), 4303, '地区码'], // no such province
      [idNumber('110000', '19900307'), 4303, '地区码'], // province without city and county
      [idNumber('110101', '20100101'), 4305, '未满18周岁'], // a minor
      [idNumber('110101', '20081122'), 4305, '未满18周岁'], // turns 18 tomorrow (China time)
    ];
    for (const [id, code, text] of cases) {
      await expectNoWrites(async () => {
        const { body } = await submit(token, '王小明', id);
        expect(body, id).toMatchObject({ err_code: code, field: 'id_number' });
        expect(body.message, id).toContain(text);
      });
    }
    const snapshot = await call<RealNameSnapshot>(t.app, 'GET', snapshotPath, { token });
    expect(snapshot.body.data).toMatchObject({ verified: false, attempts_left: 5, min_age: 18 });
  });

  it('refuses names that are not 2–20 Chinese characters, writing nothing', async () => {
    const { token } = await login(t.app, '13966660002');
    for (const name of [
      '王',
      'Wang Xiaoming',
      '王小明1',
      '·王小明',
      '王小明·',
      '王··明',
      '王'.repeat(21),
      '',
    ]) {
      await expectNoWrites(async () => {
        const { body } = await submit(token, name, idNumber('110101', '19900307'));
        expect(body, name).toMatchObject({ err_code: 4304, field: 'name' });
      });
    }
  });

  it('verifies an adult (18 today), answers masked data only and stores no full ID number', async () => {
    const { token, user } = await login(t.app, '13966660003');
    // A number whose check character is X, typed in lower case.
    const fullId =
      Array.from({ length: 999 }, (_, index) =>
        idNumber('440305', '20081121', String(index).padStart(3, '0')),
      ).find((candidate) => candidate.endsWith('X')) ?? '';
    const id = fullId.toLowerCase();
    expect(
      (await call(t.app, 'POST', submitPath, { token, body: { name: ' 阿依古丽•买买提 ', id_number: id } }))
        .body,
    ).toMatchObject({ err_code: 0 });
    const responses = [
      await call<RealNameSnapshot>(t.app, 'GET', snapshotPath, { token }),
      await call(t.app, 'GET', '/app/user/bind/status', { token }),
    ];
    expect(responses[0]?.body.data).toMatchObject({
      verified: true,
      name_masked: '*依古丽·买买提',
      id_number_masked: `440***********${fullId.slice(-4)}`,
    });
    expect(responses[1]?.body.data).toMatchObject({ real_name_verified: true });
    for (const { response } of responses) {
      expect(response.body).not.toContain(fullId);
      expect(response.body).not.toContain(fullId.slice(6, 14));
      expect(response.body).not.toContain('阿依古丽');
    }
    const stored = await t.database.db
      .select()
      .from(realNameVerifications)
      .where(eq(realNameVerifications.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(fullId.slice(6, 14));
    await expect(assertRealNameVerified(t.database.db, user.id)).resolves.toBeUndefined();

    const again = await submit(token, '阿依古丽·买买提', fullId);
    expect(again.body.err_code).toBe(4307);
  });

  it('lets one ID number verify one account only, and caps checks at 5 a day', async () => {
    const first = await login(t.app, '13966660004');
    const second = await login(t.app, '13966660005');
    const id = idNumber('310115', '19950615', '004');
    expect((await submit(first.token, '李雷', id)).body.err_code).toBe(0);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const before = await rowCounts(t.database.db);
      const { body } = await submit(second.token, '李雷', id);
      expect(body).toMatchObject({ err_code: 4306, field: 'id_number' });
      // Only the attempt is counted; no verification is written.
      expect(countChanges(before, await rowCounts(t.database.db))).toEqual({ real_name_attempts: 1 });
    }
    await expectNoWrites(async () => {
      const { body } = await submit(second.token, '韩梅梅', idNumber('310115', '19960101', '005'));
      expect(body.err_code).toBe(4308);
    });
    await expect(assertRealNameVerified(t.database.db, second.user.id)).rejects.toMatchObject({
      errCode: 4301,
    });
    t.clock.advance(24 * 3600);
    const nextDay = await submit(second.token, '韩梅梅', idNumber('310115', '19960101', '005'));
    expect(nextDay.body).toMatchObject({ err_code: 0, data: { verified: true, attempts_left: 4 } });
  });

  it('lets two accounts verify the same ID number at once: exactly one wins', async () => {
    const a = await login(t.app, '13966660006');
    const b = await login(t.app, '13966660007');
    const id = idNumber('320102', '19880808', '016');
    const results = await Promise.all([submit(a.token, '张伟', id), submit(b.token, '张伟', id)]);
    expect(results.map((result) => result.body.err_code).sort()).toEqual([0, 4306]);
  });

  it('shows each user only their own status', async () => {
    const verified = await login(t.app, '13966660004');
    const other = await login(t.app, '13966660008');
    const mine = await call<RealNameSnapshot>(t.app, 'GET', snapshotPath, { token: other.token });
    expect(mine.body.data).toMatchObject({ verified: false, name_masked: '', id_number_masked: '' });
    const theirs = await call<RealNameSnapshot>(t.app, 'GET', snapshotPath, { token: verified.token });
    expect(theirs.body.data).toMatchObject({ verified: true, name_masked: '*雷' });
  });

  it('the phone guard passes for an account with a phone and refuses with 4302 otherwise', async () => {
    const { user } = await login(t.app, '13966660009');
    await expect(assertPhoneBound(t.database.db, user.id)).resolves.toBeUndefined();
    await t.database.db.update(users).set({ phone: 'wx:unbound-9' }).where(eq(users.id, user.id));
    await expect(assertPhoneBound(t.database.db, user.id)).rejects.toMatchObject({ errCode: 4302 });
  });
});

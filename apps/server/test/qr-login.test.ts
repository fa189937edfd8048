import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { QrAuthResponse, QrStatus, QrTicketCreated, User } from '@haoshi/contracts';
import { qrLoginTickets, sessions } from '../src/modules/identity/tables.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { rowCounts } from './helpers/row-counts.ts';

let t: TestApp;
let alice: { token: string; id: number };
let bob: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = [await login(t.app, '13200000001'), await login(t.app, '13200000002')];
  alice = { token: a.token, id: a.user.id };
  bob = { token: b.token, id: b.user.id };
});
afterAll(() => t.close());

const desktop = { ip: '10.5.0.1', headers: { 'user-agent': 'DesktopBrowser/1.0' } };

async function createTicket() {
  const { body } = await call<QrTicketCreated>(t.app, 'POST', '/app/login/qrcode', desktop);
  expect(body.err_code).toBe(0);
  if (!body.data) throw new Error('no ticket');
  return body.data;
}
const poll = (ticket: string) =>
  call<QrStatus>(t.app, 'GET', `/app/login/qrcode/status?ticket=${encodeURIComponent(ticket)}`, desktop);
const authorize = (ticket: string, action: 'scan' | 'confirm' | 'cancel', token?: string) =>
  call<QrAuthResponse>(t.app, 'POST', '/app/login/qrcode/auth', {
    body: { ticket, action },
    ...(token ? { token } : {}),
  });

describe(`QR login on ${databaseKind}`, () => {
  it('creates a ticket: the QR carries /authLogin?ticket=, it expires in 180 s, and only its hash is stored', async () => {
    const created = await createTicket();
    expect(created.ticket.length).toBeGreaterThanOrEqual(16);
    expect(created.qr_content).toContain(`/authLogin?ticket=${encodeURIComponent(created.ticket)}`);
    expect(new Date(created.expires_at).getTime()).toBe(t.clock.current.getTime() + 180_000);
    const rows = await t.database.db.select().from(qrLoginTickets);
    expect(rows.some((row) => row.ticketHash === created.ticket)).toBe(false);
    expect(
      rows.some((row) => row.requesterIp === '10.5.0.1' && row.requesterUserAgent === 'DesktopBrowser/1.0'),
    ).toBe(true);
    const again = await createTicket();
    expect(again.ticket).not.toBe(created.ticket);
  });

  it('walks waiting → scanned → confirmed, hands the login over once, then reports consumed', async () => {
    const { ticket } = await createTicket();
    expect((await poll(ticket)).body).toEqual({ err_code: 0, data: { state: 'waiting' } });

    expect((await authorize(ticket, 'scan')).body.err_code).toBe(400);
    const scanned = await authorize(ticket, 'scan', alice.token);
    expect(scanned.body.err_code).toBe(0);
    expect(scanned.body.data?.state).toBe('scanned');
    expect(scanned.body.data?.requester).toMatchObject({ ip: '10.5.0.1', user_agent: 'DesktopBrowser/1.0' });
    expect((await poll(ticket)).body.data).toEqual({ state: 'scanned' });

    const confirmed = await authorize(ticket, 'confirm', alice.token);
    expect(confirmed.body.data?.state).toBe('confirmed');

    const sessionsBefore = (await rowCounts(t.database.db)).sessions;
    const handover = await poll(ticket);
    expect(handover.body.err_code).toBe(0);
    expect(handover.body.data?.state).toBe('confirmed');
    const handed = handover.body.data?.login;
    expect(handed?.user.id).toBe(alice.id);
    expect(handed?.is_new_user).toBe(false);
    expect(handover.response.headers.authorization).toBe(handed?.token);
    expect(handed?.token).not.toBe(alice.token);
    expect((await rowCounts(t.database.db)).sessions).toBe(sessionsBefore + 1);
    // The new session belongs to the waiting device, not the approving phone.
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, alice.id))
      .orderBy(desc(sessions.id))
      .limit(1);
    expect(session?.ip).toBe('10.5.0.1');

    const info = await call<User>(t.app, 'GET', '/app/user/info', { token: handed?.token ?? '' });
    expect(info.body.data?.id).toBe(alice.id);

    const after = await poll(ticket);
    expect(after.body).toEqual({ err_code: 0, data: { state: 'consumed' } });
    expect(after.response.headers.authorization).toBeUndefined();
    expect((await rowCounts(t.database.db)).sessions).toBe(sessionsBefore + 1);

    for (const action of ['scan', 'confirm', 'cancel'] as const) {
      expect((await authorize(ticket, action, alice.token)).body.err_code, action).toBe(2103);
    }
  });

  it('refuses a second confirmation before the handover (2103)', async () => {
    const { ticket } = await createTicket();
    expect((await authorize(ticket, 'confirm', alice.token)).body.data?.state).toBe('confirmed');
    expect((await authorize(ticket, 'confirm', alice.token)).body.err_code).toBe(2103);
    expect((await authorize(ticket, 'cancel', alice.token)).body.err_code).toBe(2103);
    expect((await poll(ticket)).body.data?.login?.user.id).toBe(alice.id);
  });

  it('answers 2101 for an unknown ticket', async () => {
    const unknown = randomBytes(24).toString('base64url');
    expect((await poll(unknown)).body.err_code).toBe(2101);
    expect((await authorize(unknown, 'scan', alice.token)).body.err_code).toBe(2101);
  });

  it('validates the ticket and the action, naming the field', async () => {
    expect((await call(t.app, 'GET', '/app/login/qrcode/status')).body).toMatchObject({
      err_code: 1000,
      field: 'ticket',
    });
    expect((await poll('short')).body).toMatchObject({ err_code: 1000, field: 'ticket' });
    const { ticket } = await createTicket();
    const badAction = await call(t.app, 'POST', '/app/login/qrcode/auth', {
      body: { ticket, action: 'approve' },
      token: alice.token,
    });
    expect(badAction.body).toMatchObject({ err_code: 1000, field: 'action' });
  });

  it('expires after 180 s: status expired, authorisation refused (2102)', async () => {
    const waiting = await createTicket();
    const scanned = await createTicket();
    await authorize(scanned.ticket, 'scan', alice.token);
    t.clock.advance(179);
    expect((await poll(waiting.ticket)).body.data?.state).toBe('waiting');
    t.clock.advance(2);
    expect((await poll(waiting.ticket)).body.data).toEqual({ state: 'expired' });
    expect((await poll(scanned.ticket)).body.data).toEqual({ state: 'expired' });
    expect((await authorize(waiting.ticket, 'scan', alice.token)).body.err_code).toBe(2102);
    expect((await authorize(scanned.ticket, 'confirm', alice.token)).body.err_code).toBe(2102);
  });

  it('does not hand over a confirmed ticket nobody collected before it expired', async () => {
    const { ticket } = await createTicket();
    await authorize(ticket, 'confirm', alice.token);
    t.clock.advance(181);
    const before = await rowCounts(t.database.db);
    const late = await poll(ticket);
    expect(late.body).toEqual({ err_code: 0, data: { state: 'expired' } });
    expect(late.response.headers.authorization).toBeUndefined();
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('can be cancelled by the scanning phone', async () => {
    const { ticket } = await createTicket();
    await authorize(ticket, 'scan', alice.token);
    const cancelled = await authorize(ticket, 'cancel', alice.token);
    expect(cancelled.body.data?.state).toBe('cancelled');
    expect((await poll(ticket)).body.data).toEqual({ state: 'cancelled' });
    expect((await authorize(ticket, 'confirm', alice.token)).body.err_code).toBe(2102);
    t.clock.advance(181);
    expect((await poll(ticket)).body.data).toEqual({ state: 'cancelled' });
  });

  it('cannot be taken over by a second account once scanned', async () => {
    const { ticket } = await createTicket();
    await authorize(ticket, 'scan', alice.token);
    for (const action of ['scan', 'confirm', 'cancel'] as const) {
      expect((await authorize(ticket, action, bob.token)).body.err_code, action).toBe(2103);
    }
    expect((await poll(ticket)).body.data).toEqual({ state: 'scanned' });
    expect((await authorize(ticket, 'confirm', alice.token)).body.data?.state).toBe('confirmed');
    const handover = await poll(ticket);
    expect(handover.body.data?.login?.user.id).toBe(alice.id);
    expect(handover.body.data?.login?.user.id).not.toBe(bob.id);
  });

  it('lets exactly one of two racing accounts claim a waiting ticket', async () => {
    for (let round = 0; round < 8; round++) {
      const { ticket } = await createTicket();
      const [scan, confirm] = await Promise.all([
        authorize(ticket, 'scan', alice.token),
        authorize(ticket, 'confirm', bob.token),
      ]);
      const codes = [scan.body.err_code, confirm.body.err_code].sort();
      expect(codes, `round ${round}`).toEqual([0, 2103]);
      const handover = await poll(ticket);
      if (confirm.body.err_code === 0) {
        expect(handover.body.data?.login?.user.id).toBe(bob.id);
      } else {
        expect(handover.body.data).toEqual({ state: 'scanned' });
      }
    }
  });
});

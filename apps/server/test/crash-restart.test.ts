import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import {
  ErrorCodes,
  type Envelope,
  type LoginResponse,
  type OutboxMessage,
  type RechargeCreated,
} from '@haoshi/contracts';
import { openPglite, type DatabaseHandle } from '../src/db/client.ts';
import { queryRows } from '../src/lib/sql-rows.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import { ledgerDatabase, warnIfNoPostgres, type LedgerTestDatabase } from './helpers/ledger-db.ts';
import { databaseKind } from './helpers/test-app.ts';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process.ts';

/**
 * Part G: SIGKILL the real server in the middle of a recharge load, restart it, let the gateway's
 * outbox finish, then check that no transfer is partial. On PostgreSQL the full load; on PGlite
 * (one process owns the data directory) a reduced one, checked after a clean stop.
 */
const onPostgres = databaseKind === 'postgres';
const CLIENTS = onPostgres ? 24 : 6;
/** Payments confirmed on the cashier before the kill. */
const PAYS_BEFORE_KILL = onPostgres ? 150 : 25;

let database: LedgerTestDatabase | undefined;
let dataDir: string | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The real server, its payment outbox worker polling fast so the restart finishes deliveries soon. */
const startServer = (port: number, env: Record<string, string>) =>
  startServerProcess({ port, env: { PAYMENT_WORKER_INTERVAL_MS: '200', ...env }, startTimeoutMs: 90_000 });

function client(base: string, ip: string) {
  let token = '';
  const request = async <T>(method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'x-forwarded-for': ip,
        ...(token ? { authorization: token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as Envelope<T>;
  };
  return {
    async login(phone: string) {
      await request('POST', '/app/sms', { phone, scene: 'login' });
      const outbox = await request<OutboxMessage[]>('GET', `/dev/outbox/sms?phone=${phone}`);
      const code = outbox.data?.[0]?.code;
      const login = await request<LoginResponse>('POST', '/app/login', { phone, code });
      if (!login.data) throw new Error(`login failed: ${JSON.stringify(login)}`);
      token = login.data.token;
    },
    exchange: (amount: string, channel: string) =>
      request<RechargeCreated>('POST', '/app/recharge/exchange', { amount, channel }),
    pay: (cashierUrl: string) =>
      fetch(`${base}${cashierUrl}/pay`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        body: '',
      }),
  };
}

async function inspect(db: DatabaseHandle['db']) {
  const [outbox] = await queryRows<{ undelivered: string | number }>(
    db,
    sql`select count(*) as undelivered from sandbox_notify_outbox where delivered_at is null`,
  );
  return Number(outbox?.undelivered ?? 0);
}

describe(`crash and restart under a recharge load (${databaseKind})`, () => {
  it(
    'SIGKILL mid-load, restart: every paid recharge credited exactly once, checks hold',
    { timeout: 300_000 },
    async () => {
      warnIfNoPostgres('crash-restart (reduced load on PGlite, checked after a clean stop)');
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      let env: Record<string, string>;
      if (onPostgres) {
        database = await ledgerDatabase(4);
        env = { DATABASE_URL: database.url ?? '' };
      } else {
        dataDir = mkdtempSync(join(tmpdir(), 'haoshi-crash-'));
        env = { DATA_DIR: dataDir };
      }
      server = await startServer(port, env);

      const clients = Array.from({ length: CLIENTS }, (_, index) => client(base, `10.9.${index}.1`));
      for (const [index, each] of clients.entries())
        await each.login(`1370000${String(index).padStart(4, '0')}`);

      let paysConfirmed = 0;
      let killed = false;
      let killedAt = 0;
      const load = clients.map(async (each, index) => {
        for (let round = 0; !killed; round += 1) {
          try {
            const created = await each.exchange(
              `${1 + ((index * 7 + round) % 50)}.${String(round % 100).padStart(2, '0')}`,
              round % 2 ? 'alipay' : 'wechat',
            );
            // Paid orders stay pending until the notify outbox delivers; on a slow machine a
            // fast client reaches the pending cap (4105) first, and a real one would wait too.
            if (created.err_code === ErrorCodes.RECHARGE_TOO_MANY_PENDING) {
              await new Promise((resolve) => setTimeout(resolve, 250));
              continue;
            }
            if (!created.data) throw new Error(JSON.stringify(created));
            const paid = await each.pay(created.data.cashier_url);
            if (paid.status === 303) paysConfirmed += 1;
            if (paysConfirmed >= PAYS_BEFORE_KILL && !killed) {
              killed = true;
              killedAt = paysConfirmed;
              server?.child.kill('SIGKILL');
            }
          } catch (error) {
            if (!killed) throw error;
          }
        }
      });
      await Promise.all(load);
      await server.exited;
      expect(server.child.signalCode).toBe('SIGKILL');
      expect(killedAt).toBeGreaterThanOrEqual(PAYS_BEFORE_KILL);

      server = await startServer(port, env);
      let db: DatabaseHandle['db'];
      let pglite: DatabaseHandle | undefined;
      if (onPostgres && database) {
        db = database.handle.db;
        // The restarted server's outbox finishes the deliveries the kill interrupted (a claim
        // held by the dead process is taken over after its 30 s lease).
        const deadline = Date.now() + 120_000;
        while ((await inspect(db)) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
      } else {
        await new Promise((resolve) => setTimeout(resolve, 40_000));
        server.child.kill('SIGTERM');
        await server.exited;
        pglite = await openPglite(dataDir ?? '');
        db = pglite.db;
      }
      try {
        expect(await inspect(db), 'notifies still undelivered').toBe(0);
        const mismatches = await queryRows<{ order_no: string; problem: string }>(
          db,
          sql`
          select r.order_no, 'paid at gateway, not credited' as problem
            from sandbox_payments p join recharges r on r.order_no = p.out_trade_no
           where p.status = 'paid' and (r.status <> 'paid' or r.transaction_id <> p.transaction_id)
          union all
          select r.order_no, 'paid without a gateway payment'
            from recharges r left join sandbox_payments p on p.out_trade_no = r.order_no
           where r.status = 'paid' and (p.status is distinct from 'paid')
          union all
          select r.order_no, 'credit transfers: ' || count(t.id)
            from recharges r left join ledger_transfers t
                 on t.reference_type = 'recharge' and t.reference_id = r.id::text
           group by r.id, r.order_no, r.status
          having (r.status = 'paid') <> (count(t.id) = 1) or count(t.id) > 1
          union all
          select t.reference_id, 'transfer amount differs from the recharge'
            from ledger_transfers t join recharges r on t.reference_type = 'recharge' and t.reference_id = r.id::text
           where t.amount <> r.amount or t.id <> r.credit_transfer_id`,
        );
        expect(mismatches).toEqual([]);
        const [totals] = await queryRows<{
          paid: string | number;
          credited: string | number;
          recharges: string | number;
        }>(
          db,
          sql`select (select count(*) from recharges where status = 'paid') as paid,
                   (select count(*) from recharges) as recharges,
                   (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'user_available') as credited`,
        );
        const [paidSum] = await queryRows<{ total: string | number }>(
          db,
          sql`select coalesce(sum(amount), 0) as total from recharges where status = 'paid'`,
        );
        expect(Number(totals?.paid)).toBeGreaterThanOrEqual(PAYS_BEFORE_KILL - CLIENTS);
        expect(Number(totals?.credited)).toBe(Number(paidSum?.total));
        const report = await checkLedger(db);
        expect(report, JSON.stringify(report.findings)).toMatchObject({
          ok: true,
          negativeCount: 0,
          differenceCount: 0,
          sumOfBalances: 0,
        });
        console.info(
          `crash-restart (${databaseKind}): ${String(totals?.recharges)} recharges, ${String(totals?.paid)} paid, killed after ${killedAt} cashier payments`,
        );
      } finally {
        await pglite?.close();
      }
    },
  );
});

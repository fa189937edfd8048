/**
 * Ledger throughput on PostgreSQL: the posting service next to a naive baseline, measured in the same
 * run, for random account pairs and for one hot account (escrow's first shard). Then the reconciliation check.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run ledger -w @haoshi/bench
 *   … -- --seconds 10 --rounds 5 --connections 16 --hot-connections 4 --users 10000   (defaults)
 *   … -- --only "hot account"                          (only the groups whose name contains it)
 *   … -- --million     (1,000,000 random transfers, 80% random pairs and 20% through escrow: half as
 *                      single postings each in its own transaction, half in postMany batches of 10)
 *
 * The scenarios of a group run interleaved, in `rounds` slices of seconds/rounds each, so that load
 * from other processes on the machine falls on all of them alike. A fresh database is created next
 * to DATABASE_URL's and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { queryRows } from '../apps/server/src/lib/sql-rows.ts';
import { accountIdOf } from '../apps/server/src/modules/ledger/accounts.ts';
import { checkLedger, formatLedgerReport } from '../apps/server/src/modules/ledger/ledger-check.ts';
import { post, postMany, type TransferInput } from '../apps/server/src/modules/ledger/ledger-service.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    'hot-connections': { type: 'string', default: '4' },
    users: { type: 'string', default: '10000' },
    only: { type: 'string', default: '' },
    million: { type: 'boolean', default: false },
  },
});
const seconds = Number(args.seconds);
const rounds = Number(args.rounds);
const connections = Number(args.connections);
const hotConnections = Number(args['hot-connections']);
const userCount = Number(args.users);

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is required (e.g. postgres://postgres@127.0.0.1:5432/test)');
  process.exit(2);
}

const name = `haoshi_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const benchUrl = new URL(databaseUrl);
benchUrl.pathname = `/${name}`;
const database = openPostgres(benchUrl.toString(), Math.max(connections, hotConnections));
const { db } = database;

type Account = TransferInput['debit'];
const available = (userId: number): Account => ({ kind: 'user_available', userId });
/** One hot account: escrow's first shard (an order's escrow is one of ESCROW_SHARDS, by its id). */
const escrow: Account = { kind: 'escrow', shard: 0 };
const random = (below: number) => Math.floor(Math.random() * below);
let keySeq = 0;
const key = (prefix: string) => `${prefix}:${(keySeq += 1)}`;

// --- operations: each returns the number of transfers it posted -------------------------------

type Operation = () => Promise<number>;

/** One transfer through the posting service, in its own transaction (BEGIN, post, COMMIT) or, when
 *  the caller has nothing else to write, as one autocommitted statement. */
const serviceTransfer = (debit: Account, credit: Account, ownTransaction: boolean) => {
  const input = {
    debit,
    credit,
    amount: 1 + random(100),
    kind: 'bench.move',
    reference: { type: 'bench', id: 's' },
    idempotencyKey: key('s'),
  };
  return (ownTransaction ? db.transaction((tx) => post(tx, input)) : post(db, input)).then(() => 1);
};

/** Ten transfers in one transaction through postMany. */
const serviceBatch = (next: () => [Account, Account]) =>
  db.transaction(async (tx) => {
    const transfers = Array.from({ length: 10 }, () => {
      const [debit, credit] = next();
      return {
        debit,
        credit,
        amount: 1 + random(100),
        kind: 'bench.move',
        reference: { type: 'bench', id: 'b' },
        idempotencyKey: key('b'),
      };
    });
    return (await postMany(tx, transfers)).length;
  });

/**
 * The naive baseline, per transfer: two SELECT … FOR UPDATE (in id order), the balance check in
 * the application, two UPDATEs, then INSERTs of the transfer and of its two entry lines.
 */
const naiveTransfer = ([debit, credit]: [Account, Account]) => {
  const amount = 1 + random(100);
  const [debitId, creditId] = [accountIdOf(debit), accountIdOf(credit)];
  return db.transaction(async (tx) => {
    const balances = new Map<number, { balance: number; mayGoNegative: boolean }>();
    for (const id of [debitId, creditId].sort((a, b) => a - b)) {
      const [row] = await queryRows<{ balance: string; may_go_negative: boolean }>(
        tx,
        sql`select balance, may_go_negative from ledger_accounts where id = ${id} for update`,
      );
      if (row) balances.set(id, { balance: Number(row.balance), mayGoNegative: row.may_go_negative });
    }
    const from = balances.get(debitId);
    if (!from || !balances.has(creditId)) throw new Error('bench accounts are created up front');
    if (!from.mayGoNegative && from.balance < amount)
      throw Object.assign(new Error('余额不足'), { errCode: 4001 });
    await tx.execute(sql`update ledger_accounts set balance = balance - ${amount} where id = ${debitId}`);
    await tx.execute(sql`update ledger_accounts set balance = balance + ${amount} where id = ${creditId}`);
    const [inserted] = await queryRows<{ id: string }>(
      tx,
      sql`insert into ledger_transfers (debit_account_id, credit_account_id, amount, kind, reference_type, reference_id, idempotency_key)
          values (${debitId}, ${creditId}, ${amount}, 'bench.naive', 'bench', 'n', ${key('n')}) returning id`,
    );
    await tx.execute(sql`insert into bench_naive_entries (transfer_id, account_id, delta)
      values (${inserted?.id}, ${debitId}, ${-amount}), (${inserted?.id}, ${creditId}, ${amount})`);
    return 1;
  });
};

// --- measuring ----------------------------------------------------------------------------------

interface Result {
  scenario: string;
  transfers: number;
  refused: number;
  seconds: number;
  latencies: number[];
}

const isRefusal = (error: unknown) => error instanceof Error && 'errCode' in error && error.errCode === 4001;

let interrupted = false;
process.once('SIGINT', () => {
  console.log('\ninterrupted: finishing the operations in flight, then cleaning up …');
  interrupted = true;
});

/** Runs `operation` from `workers` concurrent loops until the time is up (or `total` operations
 *  have started), adding to `result`. */
async function measure(
  result: Result,
  operation: Operation,
  workers: number,
  limit: { seconds: number } | { total: number },
) {
  let started = 0;
  const begin = performance.now();
  const deadline = 'seconds' in limit ? begin + limit.seconds * 1000 : Infinity;
  const total = 'total' in limit ? limit.total : Infinity;
  let nextReport = 100_000;
  const worker = async () => {
    while (!interrupted && performance.now() < deadline && started < total) {
      started += 1;
      if ('total' in limit && result.transfers >= nextReport) {
        console.log(`  … ${result.transfers.toLocaleString()} transfers`);
        nextReport += 100_000;
      }
      const t0 = performance.now();
      try {
        const posted = await operation();
        result.transfers += posted;
      } catch (error) {
        if (!isRefusal(error)) throw error;
        result.refused += 1;
      }
      result.latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  result.seconds += (performance.now() - begin) / 1000;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

// --- setup ----------------------------------------------------------------------------------------

async function setup(): Promise<number[]> {
  await database.migrate();
  await db.execute(
    sql`create table bench_naive_entries (transfer_id bigint not null, account_id bigint not null, delta bigint not null)`,
  );
  const users = await queryRows<{ id: string }>(
    db,
    sql`insert into users (phone, nickname)
        select '188' || lpad(g::text, 8, '0'), 'bench' || g from generate_series(1, ${userCount}) g
        returning id`,
  );
  const userIds = users.map((row) => Number(row.id));
  const fund = (debit: Account, credit: Account, amount: number, idempotencyKey: string) => ({
    debit,
    credit,
    amount,
    kind: 'bench.fund',
    reference: { type: 'bench', id: 'fund' },
    idempotencyKey,
  });
  for (let start = 0; start < userIds.length; start += 1000) {
    const chunk = userIds.slice(start, start + 1000);
    await db.transaction((tx) =>
      postMany(
        tx,
        chunk.map((id) => fund({ kind: 'gateway_clearing' }, available(id), 10_000_000, `fund:${id}`)),
      ),
    );
  }
  // Escrow starts with money so that releases from it never run dry.
  await db.transaction((tx) =>
    postMany(
      tx,
      userIds.slice(0, 1000).map((id) => fund(available(id), escrow, 1_000_000, `fund-escrow:${id}`)),
    ),
  );
  return userIds;
}

// --- run ------------------------------------------------------------------------------------------

const results: Result[] = [];
const emptyResult = (scenario: string): Result => ({
  scenario,
  transfers: 0,
  refused: 0,
  seconds: 0,
  latencies: [],
});
try {
  const userIds = await setup();
  const someUser = () => userIds[random(userIds.length)] ?? 0;
  const randomPair = (): [Account, Account] => {
    const a = someUser();
    let b = a;
    while (b === a) b = someUser();
    return [available(a), available(b)];
  };
  const hotPair = (): [Account, Account] =>
    Math.random() < 0.5 ? [available(someUser()), escrow] : [escrow, available(someUser())];

  if (args.million) {
    const pick = () => (Math.random() < 0.8 ? randomPair() : hotPair());
    const single = emptyResult('million, single postings each in a tx');
    const batched = emptyResult('million, postMany ×10 per tx');
    console.log(
      `1,000,000 transfers (80% random pairs, 20% through escrow), ${connections} connections: 500,000 single …`,
    );
    await measure(single, () => serviceTransfer(...pick(), true), connections, { total: 500_000 });
    console.log('… then 500,000 in batches of 10');
    await measure(batched, () => serviceBatch(pick), connections, { total: 50_000 });
    results.push(single, batched);
  } else {
    const variants = (pick: () => [Account, Account]): [string, Operation][] => [
      ['naive baseline', () => naiveTransfer(pick())],
      ['posting service in a tx', () => serviceTransfer(...pick(), true)],
      ['posting service autocommit', () => serviceTransfer(...pick(), false)],
      ['postMany ×10 per tx', () => serviceBatch(pick)],
    ];
    const groups = [
      { shape: 'random pairs', workers: connections, variants: variants(randomPair) },
      { shape: 'hot account', workers: connections, variants: variants(hotPair) },
      { shape: 'hot account', workers: hotConnections, variants: variants(hotPair) },
    ];
    for (const group of groups) {
      const label = `${group.shape} @${group.workers}`;
      if (!label.includes(args.only)) continue;
      console.log(
        `${label}: ${group.variants.length} scenarios × ${seconds} s, interleaved in ${rounds} rounds …`,
      );
      const groupResults = group.variants.map(([variant]) => emptyResult(`${label}, ${variant}`));
      for (let round = 0; round < rounds; round += 1) {
        for (const [index, [, operation]] of group.variants.entries()) {
          const result = groupResults[index];
          if (result) await measure(result, operation, group.workers, { seconds: seconds / rounds });
        }
      }
      results.push(...groupResults);
    }
  }

  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]
    ?.server_version;
  console.log(
    `\nPostgreSQL ${version}, ${userCount.toLocaleString()} users, load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  const header = ['scenario', 'transfers', 'refused', 'seconds', 'transfers/s', 'p50 ms', 'p99 ms'];
  const rows = results.map((r) => {
    const sorted = r.latencies.sort((a, b) => a - b);
    return [
      r.scenario,
      r.transfers.toLocaleString(),
      r.refused.toLocaleString(),
      r.seconds.toFixed(1),
      Math.round(r.transfers / r.seconds).toLocaleString(),
      percentile(sorted, 50).toFixed(1),
      percentile(sorted, 99).toFixed(1),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((width, column) => (column === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  );
  for (const row of rows) console.log(line(row));

  const rate = (scenario: string) => {
    const r = results.find((candidate) => candidate.scenario === scenario);
    return r ? r.transfers / r.seconds : NaN;
  };
  for (const label of new Set(results.map((r) => r.scenario.split(',')[0] ?? ''))) {
    const naive = rate(`${label}, naive baseline`);
    if (Number.isNaN(naive)) continue;
    const ratio = (variant: string) => `×${(rate(`${label}, ${variant}`) / naive).toFixed(2)}`;
    console.log(
      `${label} ÷ naive: ${ratio('posting service in a tx')} in a tx, ${ratio('posting service autocommit')} autocommit, ` +
        `${ratio('postMany ×10 per tx')} batched`,
    );
  }
  const t0 = performance.now();
  const report = await checkLedger(db);
  console.log(
    `\n${formatLedgerReport(report)}\n  (核对用时 ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
  // Ended connections leave the server a moment later; dropping under them would kill them.
  for (let waited = 0; waited < 50; waited += 1) {
    const { rows } = await admin.query<{ open: string }>(
      'select count(*) as open from pg_stat_activity where datname = $1',
      [name],
    );
    if (Number(rows[0]?.open) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await admin.query(`drop database if exists ${name}`);
  await admin.end();
}

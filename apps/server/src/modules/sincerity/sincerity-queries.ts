import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  fenToAmount,
  sincerityKindLabels,
  sincerityKinds,
  sincerityLevels,
  type Page,
  type SincerityBillSummary,
  type SincerityHold,
  type SincerityKind,
  type SincerityKindSummary,
  type SincerityMain,
  type SincerityMovement,
  type SincerityMovementType,
} from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { fetchPage } from '../../lib/page.ts';
import { ledger } from '../ledger/index.ts';
import { reachedLevel, type Hold, type Movement } from './sincerity-service.ts';
import { sincerityHoldings, sincerityHolds, sincerityMovements, sincerityPenalties } from './tables.ts';

/** What the sincerity screens read. Nothing here writes. */

const signed = (fen: number) => (fen > 0 ? `+${fenToAmount(fen)}` : fenToAmount(fen));

export const toMovement = (row: Movement): SincerityMovement => ({
  id: row.id,
  kind: row.kind,
  type: row.type,
  amount: signed(row.amount),
  held_after: fenToAmount(row.heldAfter),
  note: row.note,
  created_at: row.createdAt.toISOString(),
});

const toHold = (row: Hold): SincerityHold => ({
  id: row.id,
  kind: row.kind,
  reference_type: row.referenceType,
  reference_id: row.referenceId,
  title: row.title,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  released_at: row.releasedAt?.toISOString() ?? null,
});

export async function sincerityMain(db: Executor, userId: number): Promise<SincerityMain> {
  const [holdings, holds, penalties, balances] = await Promise.all([
    db.select().from(sincerityHoldings).where(eq(sincerityHoldings.userId, userId)),
    db
      .select({ kind: sincerityHolds.kind, value: count() })
      .from(sincerityHolds)
      .where(and(eq(sincerityHolds.userId, userId), eq(sincerityHolds.status, 'open')))
      .groupBy(sincerityHolds.kind),
    db
      .select({ kind: sincerityPenalties.kind, value: sql<string>`sum(${sincerityPenalties.amount})::text` })
      .from(sincerityPenalties)
      .where(and(eq(sincerityPenalties.userId, userId), eq(sincerityPenalties.status, 'pending')))
      .groupBy(sincerityPenalties.kind),
    ledger.balances(db, userId),
  ]);
  const kinds = sincerityKinds.map((kind): SincerityKindSummary => {
    const held = holdings.find((row) => row.kind === kind)?.held ?? 0;
    const openHolds = holds.find((row) => row.kind === kind)?.value ?? 0;
    const pending = Number(penalties.find((row) => row.kind === kind)?.value ?? 0);
    const level = reachedLevel(kind, held);
    const closeBlock =
      held === 0 ? 'nothing_held' : openHolds > 0 ? 'open_hold' : pending > 0 ? 'pending_penalty' : null;
    return {
      kind,
      name: sincerityKindLabels[kind],
      held: fenToAmount(held),
      level: level?.level ?? null,
      level_name: level?.name ?? null,
      levels: sincerityLevels[kind].map((entry) => ({
        level: entry.level,
        name: entry.name,
        required: fenToAmount(entry.requiredFen),
        benefits: [...entry.benefits],
        reached: held >= entry.requiredFen,
      })),
      state: held === 0 ? 'none' : closeBlock ? 'locked' : 'active',
      open_holds: openHolds,
      pending_penalty: fenToAmount(pending),
      close_block: closeBlock,
    };
  });
  const total = holdings.reduce((sum, row) => sum + row.held, 0);
  return { kinds, total_held: fenToAmount(total), available: fenToAmount(balances.available) };
}

/** Fen the user holds as sincerity deposits, all kinds: part of their 总资产 (the wallet summary). */
export async function heldDepositFen(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<string>`coalesce(sum(${sincerityHoldings.held}), 0)::text` })
    .from(sincerityHoldings)
    .where(eq(sincerityHoldings.userId, userId));
  return Number(row?.value ?? 0);
}

const RECENT = 10;

export async function sincerityBillSummary(db: Executor, userId: number): Promise<SincerityBillSummary> {
  const mine = eq(sincerityMovements.userId, userId);
  const [sums, recent] = await Promise.all([
    db
      .select({
        kind: sincerityMovements.kind,
        type: sincerityMovements.type,
        value: sql<string>`sum(abs(${sincerityMovements.amount}))::text`,
      })
      .from(sincerityMovements)
      .where(mine)
      .groupBy(sincerityMovements.kind, sincerityMovements.type),
    db.select().from(sincerityMovements).where(mine).orderBy(desc(sincerityMovements.id)).limit(RECENT),
  ]);
  const sumOf = (kind: SincerityKind, type: SincerityMovementType) =>
    fenToAmount(Number(sums.find((row) => row.kind === kind && row.type === type)?.value ?? 0));
  return {
    totals: sincerityKinds.map((kind) => ({
      kind,
      paid: sumOf(kind, 'pay'),
      released: sumOf(kind, 'release'),
      deducted: sumOf(kind, 'penalty'),
    })),
    recent: recent.map(toMovement),
  };
}

export async function sincerityBillPage(
  db: Executor,
  userId: number,
  query: { page: number; page_size: number; kind?: SincerityKind; type?: SincerityMovementType },
): Promise<Page<SincerityMovement>> {
  const conditions: SQL[] = [eq(sincerityMovements.userId, userId)];
  if (query.kind) conditions.push(eq(sincerityMovements.kind, query.kind));
  if (query.type) conditions.push(eq(sincerityMovements.type, query.type));
  const where = and(...conditions);
  const { rows, total } = await fetchPage(
    query.page,
    query.page_size,
    (limit, offset) =>
      db
        .select()
        .from(sincerityMovements)
        .where(where)
        .orderBy(desc(sincerityMovements.id))
        .limit(limit)
        .offset(offset),
    db.select({ value: count() }).from(sincerityMovements).where(where),
  );
  return { list: rows.map(toMovement), total, page: query.page, page_size: query.page_size };
}

export async function sincerityHoldPage(
  db: Executor,
  userId: number,
  query: { page: number; page_size: number; kind?: SincerityKind; status: 'open' | 'released' | 'all' },
): Promise<Page<SincerityHold>> {
  const conditions: SQL[] = [eq(sincerityHolds.userId, userId)];
  if (query.kind) conditions.push(eq(sincerityHolds.kind, query.kind));
  if (query.status !== 'all') conditions.push(eq(sincerityHolds.status, query.status));
  const where = and(...conditions);
  const { rows, total } = await fetchPage(
    query.page,
    query.page_size,
    (limit, offset) =>
      db
        .select()
        .from(sincerityHolds)
        .where(where)
        .orderBy(desc(sincerityHolds.id))
        .limit(limit)
        .offset(offset),
    db.select({ value: count() }).from(sincerityHolds).where(where),
  );
  return { list: rows.map(toHold), total, page: query.page, page_size: query.page_size };
}

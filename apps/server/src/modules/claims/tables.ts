import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { openClaimStates, type ClaimState, type CompensationOptionCode } from '@haoshi/contracts';
import { users } from '../identity/tables.ts';
import { orders } from '../orders/tables.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** States that hold an order's cover: at most one claim per order in one of them. */
const holdingStates = sql.raw([...openClaimStates, 'compensated'].map((state) => `'${state}'`).join(', '));

/**
 * A 找回包赔 claim on a completed, guaranteed order. The state is the claim process's
 * (packages/contracts/src/guarantee.ts); its history is in process_transitions. The plan, the
 * deal price and the cap are fixed when the claim is filed; `compensation_fen` when it is accepted,
 * `seller_charged_fen` when it is paid.
 */
export const guaranteeClaims = pgTable(
  'guarantee_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    claimNo: text('claim_no').notNull().unique(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    buyerId: bigint('buyer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    planCode: text('plan_code').$type<CompensationOptionCode>().notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    capFen: bigint('cap_fen', { mode: 'number' }).notNull(),
    state: text('state').$type<ClaimState>().notNull(),
    description: text('description').notNull(),
    /** Upload keys (purpose `dispute`), the filing's and every supplement's. */
    images: text('images').array().notNull(),
    compensationFen: bigint('compensation_fen', { mode: 'number' }),
    sellerChargedFen: bigint('seller_charged_fen', { mode: 'number' }),
    compensatedAt: timestamptz('compensated_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('guarantee_claims_order_holding_key')
      .on(table.orderId)
      .where(sql`${table.state} in (${holdingStates})`),
    index('guarantee_claims_buyer_idx').on(table.buyerId, table.createdAt.desc(), table.id.desc()),
    index('guarantee_claims_state_idx').on(table.state, table.createdAt),
    check(
      'guarantee_claims_amounts_check',
      sql`${table.capFen} >= 0 and (${table.compensationFen} is null or (${table.compensationFen} > 0 and ${table.compensationFen} <= ${table.capFen})) and (${table.sellerChargedFen} is null or ${table.sellerChargedFen} >= 0)`,
    ),
  ],
);

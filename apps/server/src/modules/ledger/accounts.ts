/**
 * Ledger account kinds and their ids.
 *
 * An account's id is derived from what it is: `user_id * 16 + kind code` (a system account has no
 * user, so its id is the kind code itself; escrow's shards are `shard * 16 + 3`, see ESCROW_SHARDS).
 * The posting service therefore never looks an account up:
 * it upserts the rows it moves money between in the same statement that records the transfer
 * (get-or-create for free, and no cached id can outlive a rolled-back creation). A CHECK constraint
 * holds the database to the same formula. Codes are persisted in ids: never renumber one.
 */
export const accountKindCodes = {
  user_available: 1,
  user_frozen: 2,
  escrow: 3,
  deposit: 4,
  platform_fee: 5,
  gateway_clearing: 6,
  payout_clearing: 7,
  promotion_revenue: 8,
  compensation_pool: 9,
  adjustments: 10,
} as const;

export const ACCOUNT_KIND_SLOTS = 16;

export type AccountKind = keyof typeof accountKindCodes;
export const accountKinds = Object.keys(accountKindCodes) as [AccountKind, ...AccountKind[]];

/** Kinds held per user; every other kind is one platform-wide account. */
export const userAccountKinds = ['user_available', 'user_frozen'] as const;
export type UserAccountKind = (typeof userAccountKinds)[number];
export type SystemAccountKind = Exclude<AccountKind, UserAccountKind>;

/**
 * Kinds whose balance may never go below zero: money that belongs to someone (users, escrow,
 * deposits). Clearing, revenue, pool and adjustment accounts mirror the outside world and may.
 */
export const nonNegativeAccountKinds = ['user_available', 'user_frozen', 'escrow', 'deposit'] as const;

/**
 * Escrow is held in this many accounts, an order's chosen by its id (`escrowOf`): every pay, refund
 * and settlement moves money through escrow, and on one row they would all queue on its lock until
 * each transaction commits. Shard `s` has id `s * 16 + 3` (shard 0 is the original escrow account).
 * Where an open order's escrow sits follows from this number: never change it.
 */
export const ESCROW_SHARDS = 16;

export type AccountRef =
  | { kind: UserAccountKind; userId: number }
  | { kind: 'escrow'; shard: number }
  | { kind: Exclude<SystemAccountKind, 'escrow'> };

/** The escrow account of an order: every movement of its escrow goes through this one. */
export const escrowOf = (orderId: number): AccountRef => ({ kind: 'escrow', shard: orderId % ESCROW_SHARDS });

export const mayGoNegative = (kind: AccountKind) =>
  !(nonNegativeAccountKinds as readonly string[]).includes(kind);

export const userIdOf = (ref: AccountRef): number | null => ('userId' in ref ? ref.userId : null);

/** What fills an account id's high part: the user of a user account, the shard of an escrow one. */
const ownerPartOf = (ref: AccountRef): number =>
  'userId' in ref ? ref.userId : 'shard' in ref ? ref.shard : 0;

export const accountIdOf = (ref: AccountRef): number =>
  ownerPartOf(ref) * ACCOUNT_KIND_SLOTS + accountKindCodes[ref.kind];

const kindByCode = new Map<number, AccountKind>(accountKinds.map((kind) => [accountKindCodes[kind], kind]));

/** The account an id stands for (the inverse of accountIdOf). */
export function accountRefOf(id: number): AccountRef {
  const kind = kindByCode.get(id % ACCOUNT_KIND_SLOTS);
  if (!kind) throw new RangeError(`not a ledger account id: ${id}`);
  const high = Math.floor(id / ACCOUNT_KIND_SLOTS);
  if (kind === 'user_available' || kind === 'user_frozen') return { kind, userId: high };
  if (kind === 'escrow') return { kind, shard: high };
  return { kind };
}

import { onlyOf } from '../../lib/turn-batch.ts';
import { accountRefOf, mayGoNegative, userIdOf, type AccountRef } from './accounts.ts';
import type { TransferMetadata } from './tables.ts';

/** A validated transfer (ledger-service.ts) on its way into a posting statement. */
export interface PreparedTransfer {
  debit: AccountRef;
  credit: AccountRef;
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  kind: string;
  referenceType: string;
  referenceId: string;
  idempotencyKey: string;
  metadata: TransferMetadata;
  /** Canonical JSON: stored, and compared on a replay. */
  metadataJson: string;
}

/**
 * The posting statements. Each posts in one round trip and runs as a named prepared statement (parsed
 * and planned once per connection).
 *
 * How they work: insert the transfers whose idempotency keys are new (ON CONFLICT DO NOTHING; a
 * concurrent transaction holding the same key makes the insert wait for its outcome); lock the
 * existing accounts involved in ascending id order (`locked`), so concurrent postings never deadlock
 * on each other; then apply the amounts:
 * - accounts that gain, or may go negative, are upserted (`gained`), creating missing ones;
 * - accounts that lose and may not go negative are updated (`lost`), where the CHECK constraint
 *   `ledger_accounts_balance_check` refuses an overdraft. They cannot go through the upsert:
 *   PostgreSQL checks the row an upsert proposes before it finds the conflict.
 * Finally `ledger_debits_applied` (migration 0004) fails the statement unless every such account
 * was updated: one that does not exist has nothing to lose, and one created by a transaction that
 * committed after this statement began is invisible to its UPDATE (READ COMMITTED), which would
 * otherwise match nothing while the transfer is recorded. Refusing then is what a serial order with
 * this debit first would do. Every refusal fails the whole statement. When every key was already
 * posted nothing is locked or changed, and the statement returns no row.
 */

/** Columns of one transfer: $1 debit id, $2 credit id, $3 amount, $4 kind, $5 reference type,
 *  $6 reference id, $7 idempotency key, $8 metadata (JSON text); the accounts: $9–$11 credit kind,
 *  user id, may go negative; $12–$14 the same for the debit. */
const postOneSql = `
with inserted as (
  insert into ledger_transfers
    (debit_account_id, credit_account_id, amount, kind, reference_type, reference_id, idempotency_key, metadata)
  values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)
  on conflict (idempotency_key) do nothing
  returning id, idempotency_key, created_at
), locked as (
  select id from ledger_accounts
  where id in ($1, $2) and exists (select from inserted)
  order by id for no key update
), gained as (
  insert into ledger_accounts as account (id, kind, user_id, may_go_negative, balance)
  select * from (values
    ($2::bigint, $9::text, $10::bigint, $11::boolean, $3::bigint),
    ($1::bigint, $12::text, $13::bigint, $14::boolean, -$3::bigint)
  ) as change (id, kind, user_id, may_go_negative, balance)
  where (change.balance > 0 or change.may_go_negative)
    and exists (select from inserted) and (select count(*) from locked) >= 0
  order by id
  on conflict (id) do update set balance = account.balance + excluded.balance
), lost as (
  update ledger_accounts set balance = balance - $3
  where id = $1 and not $14::boolean
    and exists (select from inserted) and (select count(*) from locked) >= 0
  returning id
)
select id, idempotency_key, created_at from inserted
where ledger_debits_applied((select count(*) from lost), case when $14::boolean then 0 else 1 end)`;

/** Parallel arrays, one element per transfer: $1 debit ids … $8 metadata (as $1–$8 above); one
 *  per account: $9 ids, $10 kinds, $11 user ids, $12 may go negative. Balances move by the net
 *  amount per account over the transfers actually inserted. */
const postManySql = `
with input as (
  select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[])
    with ordinality as i (debit_account_id, credit_account_id, amount, kind, reference_type, reference_id,
      idempotency_key, metadata, ord)
), inserted as (
  insert into ledger_transfers
    (debit_account_id, credit_account_id, amount, kind, reference_type, reference_id, idempotency_key, metadata)
  select debit_account_id, credit_account_id, amount, kind, reference_type, reference_id, idempotency_key, metadata
  from input order by ord
  on conflict (idempotency_key) do nothing
  returning id, idempotency_key, debit_account_id, credit_account_id, amount, created_at
), changes as (
  select account.id, account.kind, account.user_id, account.may_go_negative, net.delta
  from unnest($9::bigint[], $10::text[], $11::bigint[], $12::boolean[]) as account (id, kind, user_id, may_go_negative)
  join (
    select account_id, sum(delta)::bigint as delta
    from (
      select debit_account_id as account_id, -amount as delta from inserted
      union all
      select credit_account_id, amount from inserted
    ) movement
    group by account_id
  ) net on net.account_id = account.id
), locked as (
  select id from ledger_accounts where id in (select id from changes) order by id for no key update
), gained as (
  insert into ledger_accounts as account (id, kind, user_id, may_go_negative, balance)
  select id, kind, user_id, may_go_negative, delta from changes
  where (delta >= 0 or may_go_negative) and (select count(*) from locked) >= 0
  order by id
  on conflict (id) do update set balance = account.balance + excluded.balance
), lost as (
  update ledger_accounts as account set balance = account.balance + changes.delta
  from changes
  where account.id = changes.id and changes.delta < 0 and not changes.may_go_negative
    and (select count(*) from locked) >= 0
  returning account.id
)
select id, idempotency_key, created_at from inserted
where ledger_debits_applied((select count(*) from lost), (select count(*) from changes where delta < 0 and not may_go_negative))`;

/** The constraint named by every overdraft refusal of the posting statements (see above). */
export const OVERDRAFT_CONSTRAINT = 'ledger_accounts_balance_check';

/** The statement posting `rows` (one or more) with its name and parameters. */
export function postingStatement(rows: PreparedTransfer[]): {
  name: string;
  text: string;
  params: unknown[];
} {
  const only = onlyOf(rows);
  if (only) {
    const { debit, credit } = only;
    return {
      name: 'ledger_post_one',
      text: postOneSql,
      params: [
        only.debitAccountId,
        only.creditAccountId,
        only.amount,
        only.kind,
        only.referenceType,
        only.referenceId,
        only.idempotencyKey,
        only.metadataJson,
        credit.kind,
        userIdOf(credit),
        mayGoNegative(credit.kind),
        debit.kind,
        userIdOf(debit),
        mayGoNegative(debit.kind),
      ],
    };
  }
  const accountIds = [...new Set(rows.flatMap((row) => [row.debitAccountId, row.creditAccountId]))];
  const accounts = accountIds.map(accountRefOf);
  const column = <T>(pick: (row: PreparedTransfer) => T) => rows.map(pick);
  return {
    name: 'ledger_post_many',
    text: postManySql,
    params: [
      column((row) => row.debitAccountId),
      column((row) => row.creditAccountId),
      column((row) => row.amount),
      column((row) => row.kind),
      column((row) => row.referenceType),
      column((row) => row.referenceId),
      column((row) => row.idempotencyKey),
      column((row) => row.metadataJson),
      accountIds,
      accounts.map((ref) => ref.kind),
      accounts.map(userIdOf),
      accounts.map((ref) => mayGoNegative(ref.kind)),
    ],
  };
}

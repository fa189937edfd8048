-- Escrow is held in 16 accounts (shard s: id s * 16 + 3; shard 0 is the account of 0031), an
-- order's chosen by its id, so that pays, refunds and settlements do not all queue on one row's lock.
-- Every shard exists from the start, like the other platform-wide accounts (see 0031).
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_id_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_id_check" CHECK ("ledger_accounts"."id" = coalesce("ledger_accounts"."user_id", 0) * 16 + case kind when 'user_available' then 1 when 'user_frozen' then 2 when 'escrow' then 3 when 'deposit' then 4 when 'platform_fee' then 5 when 'gateway_clearing' then 6 when 'payout_clearing' then 7 when 'promotion_revenue' then 8 when 'compensation_pool' then 9 when 'adjustments' then 10 end or ("ledger_accounts"."kind" = 'escrow' and "ledger_accounts"."id" % 16 = 3 and "ledger_accounts"."id" / 16 < 16));--> statement-breakpoint
INSERT INTO "ledger_accounts" ("id", "kind", "user_id", "may_go_negative", "balance") VALUES
  (19, 'escrow', NULL, false, 0),
  (35, 'escrow', NULL, false, 0),
  (51, 'escrow', NULL, false, 0),
  (67, 'escrow', NULL, false, 0),
  (83, 'escrow', NULL, false, 0),
  (99, 'escrow', NULL, false, 0),
  (115, 'escrow', NULL, false, 0),
  (131, 'escrow', NULL, false, 0),
  (147, 'escrow', NULL, false, 0),
  (163, 'escrow', NULL, false, 0),
  (179, 'escrow', NULL, false, 0),
  (195, 'escrow', NULL, false, 0),
  (211, 'escrow', NULL, false, 0),
  (227, 'escrow', NULL, false, 0),
  (243, 'escrow', NULL, false, 0)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- The escrow of orders already open moves from shard 0 to its order's shard (id % 16), as ledger
-- transfers (the ledger is append-only), so that a later refund or settlement finds it there.
WITH "moved" AS (
  SELECT "id", "order_no", "goods_id", "escrow_fen", ("id" % 16) * 16 + 3 AS "shard_account"
  FROM "orders" WHERE "escrow_fen" > 0 AND "id" % 16 <> 0
), "transfers" AS (
  INSERT INTO "ledger_transfers" ("debit_account_id", "credit_account_id", "amount", "kind", "reference_type",
    "reference_id", "idempotency_key", "metadata")
  SELECT 3, "shard_account", "escrow_fen", 'order.escrow_shard', 'order', "id"::text,
    'order:' || "id" || ':escrow_shard', jsonb_build_object('order_no', "order_no", 'goods_id', "goods_id")
  FROM "moved"
  RETURNING "credit_account_id", "amount"
)
UPDATE "ledger_accounts" SET "balance" = "ledger_accounts"."balance" + "delta"."amount"
FROM (
  SELECT "credit_account_id" AS "id", sum("amount") AS "amount" FROM "transfers" GROUP BY 1
  UNION ALL
  SELECT 3, -coalesce(sum("amount"), 0) FROM "transfers"
) AS "delta"
WHERE "ledger_accounts"."id" = "delta"."id";

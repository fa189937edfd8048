-- Every platform-wide account exists from the start. A posting locks the accounts its statement can
-- see in id order, but upserts one that a concurrent posting created after the statement began: when
-- a hot system account (escrow, fees, pools) was created under load, that later lock closed deadlock
-- cycles with postings that had locked it first. User accounts are still created by their first posting.
INSERT INTO "ledger_accounts" ("id", "kind", "user_id", "may_go_negative", "balance") VALUES
  (3, 'escrow', NULL, false, 0),
  (4, 'deposit', NULL, false, 0),
  (5, 'platform_fee', NULL, true, 0),
  (6, 'gateway_clearing', NULL, true, 0),
  (7, 'payout_clearing', NULL, true, 0),
  (8, 'promotion_revenue', NULL, true, 0),
  (9, 'compensation_pool', NULL, true, 0),
  (10, 'adjustments', NULL, true, 0)
ON CONFLICT ("id") DO NOTHING;

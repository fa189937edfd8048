ALTER TABLE "bargains" ADD COLUMN "agreed_until" timestamp with time zone;--> statement-breakpoint
-- A price agreed before this column lapses 24 h after its agree or accept (a bargain is agreed once).
UPDATE "bargains" SET "agreed_until" = "agreed"."at" + interval '24 hours'
FROM (
  SELECT "subject_id", max("created_at") AS "at" FROM "process_transitions"
  WHERE "process" = 'bargain' AND "action" IN ('agree', 'accept')
  GROUP BY "subject_id"
) AS "agreed"
WHERE "bargains"."id" = "agreed"."subject_id";--> statement-breakpoint
-- A price given back with a fresh 24 h before this migration keeps only what its own deadline left
-- (its timer still runs at the later time; an order refuses the price from this deadline on).
UPDATE "bargains" SET "deadline" = "agreed_until"
WHERE "status" = 'agreed' AND "agreed_until" < "deadline";--> statement-breakpoint
-- An open bargain is hidden from no one: one deleted while ordered and given back since was left hidden.
UPDATE "bargains" SET "buyer_hidden_at" = NULL, "seller_hidden_at" = NULL
WHERE "status" IN ('offered', 'countered', 'agreed')
  AND ("buyer_hidden_at" IS NOT NULL OR "seller_hidden_at" IS NOT NULL);

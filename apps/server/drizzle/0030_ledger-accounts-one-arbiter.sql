ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_user_key";--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_kind_idx" ON "ledger_accounts" USING btree ("user_id","kind");
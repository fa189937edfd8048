CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" bigint,
	"balance" bigint DEFAULT 0 NOT NULL,
	"may_go_negative" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_user_key" UNIQUE NULLS NOT DISTINCT("user_id","kind"),
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('user_available', 'user_frozen', 'escrow', 'deposit', 'platform_fee', 'gateway_clearing', 'payout_clearing', 'promotion_revenue', 'compensation_pool', 'adjustments')),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."user_id" is not null) = ("ledger_accounts"."kind" in ('user_available', 'user_frozen'))),
	CONSTRAINT "ledger_accounts_id_check" CHECK ("ledger_accounts"."id" = coalesce("ledger_accounts"."user_id", 0) * 16 + case kind when 'user_available' then 1 when 'user_frozen' then 2 when 'escrow' then 3 when 'deposit' then 4 when 'platform_fee' then 5 when 'gateway_clearing' then 6 when 'payout_clearing' then 7 when 'promotion_revenue' then 8 when 'compensation_pool' then 9 when 'adjustments' then 10 end),
	CONSTRAINT "ledger_accounts_policy_check" CHECK ("ledger_accounts"."may_go_negative" = ("ledger_accounts"."kind" not in ('user_available', 'user_frozen', 'escrow', 'deposit'))),
	CONSTRAINT "ledger_accounts_balance_check" CHECK ("ledger_accounts"."may_go_negative" or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"debit_account_id" bigint NOT NULL,
	"credit_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"kind" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_check" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_accounts_check" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"status_code" integer,
	"content_type" text,
	"response" text,
	"claimed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_key_key" ON "ledger_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_reference_idx" ON "ledger_transfers" USING btree ("reference_type","reference_id");
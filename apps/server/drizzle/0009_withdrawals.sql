CREATE TABLE "auto_withdrawal_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"threshold_fen" bigint NOT NULL,
	"keep_fen" bigint NOT NULL,
	"payout_method_id" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auto_withdrawal_settings_amounts_check" CHECK ("auto_withdrawal_settings"."threshold_fen" > 0 and "auto_withdrawal_settings"."keep_fen" >= 0 and "auto_withdrawal_settings"."keep_fen" <= "auto_withdrawal_settings"."threshold_fen")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_reference" text NOT NULL,
	"method_type" text NOT NULL,
	"account_masked" text NOT NULL,
	"holder_name" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" text NOT NULL,
	"will_fail" boolean NOT NULL,
	"failure_reason" text DEFAULT '' NOT NULL,
	"complete_after" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_payouts_merchant_reference_unique" UNIQUE("merchant_reference")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"fee_fen" bigint NOT NULL,
	"received_fen" bigint NOT NULL,
	"payout_method_id" bigint NOT NULL,
	"method_type" text NOT NULL,
	"account_masked" text NOT NULL,
	"holder_name" text NOT NULL,
	"auto_day" text,
	"reject_reason_code" text,
	"reject_reason" text DEFAULT '' NOT NULL,
	"reviewer_note" text DEFAULT '' NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"failure_reason" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount_fen" > 0 and "withdrawals"."fee_fen" >= 0),
	CONSTRAINT "withdrawals_split_check" CHECK ("withdrawals"."received_fen" > 0 and "withdrawals"."received_fen" + "withdrawals"."fee_fen" = "withdrawals"."amount_fen")
);
--> statement-breakpoint
ALTER TABLE "auto_withdrawal_settings" ADD CONSTRAINT "auto_withdrawal_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_events" ADD CONSTRAINT "withdrawal_events_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_events" ADD CONSTRAINT "withdrawal_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_withdrawal_settings_enabled_idx" ON "auto_withdrawal_settings" USING btree ("user_id") WHERE "auto_withdrawal_settings"."enabled";--> statement-breakpoint
CREATE INDEX "sandbox_payouts_due_idx" ON "sandbox_payouts" USING btree ("complete_after") WHERE "sandbox_payouts"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "sandbox_payouts_unacknowledged_idx" ON "sandbox_payouts" USING btree ("id") WHERE "sandbox_payouts"."status" <> 'processing' and "sandbox_payouts"."acknowledged_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawal_events_withdrawal_idx" ON "withdrawal_events" USING btree ("withdrawal_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_created_idx" ON "withdrawals" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_created_idx" ON "withdrawals" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_auto_day_key" ON "withdrawals" USING btree ("user_id","auto_day") WHERE "withdrawals"."auto_day" is not null;
CREATE TABLE "phone_binding_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"old_phone_masked" text NOT NULL,
	"new_phone_masked" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "real_name_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "real_name_verifications" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"name_masked" text NOT NULL,
	"name_hash" text NOT NULL,
	"id_number_masked" text NOT NULL,
	"id_number_hash" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"account" text NOT NULL,
	"account_masked" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_name" text,
	"qr_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recharges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"beneficiary_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transaction_id" text,
	"credit_transfer_id" bigint,
	"cashier_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"last_queried_at" timestamp with time zone,
	CONSTRAINT "recharges_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "recharges_amount_positive" CHECK ("recharges"."amount" > 0),
	CONSTRAINT "recharges_paid_consistent" CHECK (("recharges"."status" = 'paid') = ("recharges"."transaction_id" is not null and "recharges"."credit_transfer_id" is not null and "recharges"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_notify_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"abandoned_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_notify_outbox_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prepay_id" text NOT NULL,
	"channel" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"subject" text NOT NULL,
	"notify_url" text NOT NULL,
	"return_path" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transaction_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "sandbox_payments_prepay_id_unique" UNIQUE("prepay_id"),
	CONSTRAINT "sandbox_payments_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
ALTER TABLE "phone_binding_changes" ADD CONSTRAINT "phone_binding_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_name_attempts" ADD CONSTRAINT "real_name_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_name_verifications" ADD CONSTRAINT "real_name_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_beneficiary_id_users_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_notify_outbox" ADD CONSTRAINT "sandbox_notify_outbox_payment_id_sandbox_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_binding_changes_user_created_idx" ON "phone_binding_changes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "real_name_attempts_user_created_idx" ON "real_name_attempts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "real_name_verifications_id_number_hash_key" ON "real_name_verifications" USING btree ("id_number_hash");--> statement-breakpoint
CREATE INDEX "payout_methods_user_idx" ON "payout_methods" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_live_account_key" ON "payout_methods" USING btree ("user_id","type","account") WHERE "payout_methods"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_channel_transaction_idx" ON "recharges" USING btree ("channel","transaction_id");--> statement-breakpoint
CREATE INDEX "recharges_user_created_idx" ON "recharges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recharges_pending_idx" ON "recharges" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "sandbox_notify_outbox_due_idx" ON "sandbox_notify_outbox" USING btree ("next_attempt_at") WHERE delivered_at is null and abandoned_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_channel_trade_idx" ON "sandbox_payments" USING btree ("channel","out_trade_no");
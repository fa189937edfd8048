CREATE TABLE "account_cancellations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"state" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"complete_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"withdraw_reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_cancellations" ADD CONSTRAINT "account_cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_cancellations_open_key" ON "account_cancellations" USING btree ("user_id") WHERE "account_cancellations"."state" in ('requested', 'cooling_off');--> statement-breakpoint
CREATE INDEX "account_cancellations_user_idx" ON "account_cancellations" USING btree ("user_id","id" DESC NULLS LAST);
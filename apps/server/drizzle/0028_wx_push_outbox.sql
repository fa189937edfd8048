CREATE TABLE "wx_push_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"notification_id" bigint NOT NULL,
	"topic" text NOT NULL,
	"openid" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wx_push_outbox" ADD CONSTRAINT "wx_push_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wx_push_outbox_notification_key" ON "wx_push_outbox" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "wx_push_outbox_user_idx" ON "wx_push_outbox" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wx_push_outbox_pending_idx" ON "wx_push_outbox" USING btree ("id") WHERE "wx_push_outbox"."status" = 'pending';
CREATE TABLE "order_credential_reveals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_credentials" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"iv" text NOT NULL,
	"tag" text NOT NULL,
	"ciphertext" text NOT NULL,
	"account_masked" text NOT NULL,
	"submitted_by" bigint NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_damages" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"party" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"reason" text NOT NULL,
	"decided_by" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_damages_amount_check" CHECK ("order_damages"."amount_fen" > 0),
	CONSTRAINT "order_damages_party_check" CHECK ("order_damages"."party" in ('seller', 'buyer'))
);
--> statement-breakpoint
CREATE TABLE "order_rebinding_steps" (
	"order_id" bigint NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"hint" text NOT NULL,
	"required" boolean NOT NULL,
	"seller_done_at" timestamp with time zone,
	"seller_note" text DEFAULT '' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" bigint,
	CONSTRAINT "order_rebinding_steps_order_id_key_pk" PRIMARY KEY("order_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_urges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"from_user_id" bigint NOT NULL,
	"from_role" text NOT NULL,
	"to_role" text NOT NULL,
	"state" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"china_day" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_videos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_credential_reveals" ADD CONSTRAINT "order_credential_reveals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_credentials" ADD CONSTRAINT "order_credentials_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_damages" ADD CONSTRAINT "order_damages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_rebinding_steps" ADD CONSTRAINT "order_rebinding_steps_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_urges" ADD CONSTRAINT "order_urges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_videos" ADD CONSTRAINT "order_videos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_credential_reveals_order_idx" ON "order_credential_reveals" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_urges_order_idx" ON "order_urges" USING btree ("order_id","from_user_id","china_day");--> statement-breakpoint
CREATE INDEX "order_urges_from_idx" ON "order_urges" USING btree ("from_user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "order_videos_key" ON "order_videos" USING btree ("key");
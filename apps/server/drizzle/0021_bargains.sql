CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bargain_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bargain_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"by" text NOT NULL,
	"price_fen" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bargains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"goods_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"status" text NOT NULL,
	"list_price_fen" bigint NOT NULL,
	"offer_fen" bigint NOT NULL,
	"counter_fen" bigint,
	"agreed_fen" bigint,
	"buyer_rounds" integer DEFAULT 1 NOT NULL,
	"deadline" timestamp with time zone,
	"used_by" text,
	"buyer_hidden_at" timestamp with time zone,
	"seller_hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bargains_parties_check" CHECK ("bargains"."buyer_id" <> "bargains"."seller_id"),
	CONSTRAINT "bargains_prices_check" CHECK ("bargains"."offer_fen" > 0 and "bargains"."offer_fen" < "bargains"."list_price_fen")
);
--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "bargain_floor" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bargain_rounds" ADD CONSTRAINT "bargain_rounds_bargain_id_bargains_id_fk" FOREIGN KEY ("bargain_id") REFERENCES "public"."bargains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bargain_rounds" ADD CONSTRAINT "bargain_rounds_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bargains" ADD CONSTRAINT "bargains_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bargains" ADD CONSTRAINT "bargains_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bargains" ADD CONSTRAINT "bargains_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bargain_rounds_bargain_idx" ON "bargain_rounds" USING btree ("bargain_id","id");--> statement-breakpoint
CREATE INDEX "bargain_rounds_buyer_day_idx" ON "bargain_rounds" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "bargains_buyer_idx" ON "bargains" USING btree ("buyer_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bargains_seller_idx" ON "bargains" USING btree ("seller_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "bargains_open_key" ON "bargains" USING btree ("goods_id","buyer_id") WHERE "bargains"."status" in ('offered', 'countered', 'agreed');
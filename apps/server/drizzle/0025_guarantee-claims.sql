CREATE TABLE "guarantee_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"plan_code" text NOT NULL,
	"price_fen" bigint NOT NULL,
	"cap_fen" bigint NOT NULL,
	"state" text NOT NULL,
	"description" text NOT NULL,
	"images" text[] NOT NULL,
	"compensation_fen" bigint,
	"seller_charged_fen" bigint,
	"compensated_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "guarantee_claims_claim_no_unique" UNIQUE("claim_no"),
	CONSTRAINT "guarantee_claims_amounts_check" CHECK ("guarantee_claims"."cap_fen" >= 0 and ("guarantee_claims"."compensation_fen" is null or ("guarantee_claims"."compensation_fen" > 0 and "guarantee_claims"."compensation_fen" <= "guarantee_claims"."cap_fen")) and ("guarantee_claims"."seller_charged_fen" is null or "guarantee_claims"."seller_charged_fen" >= 0))
);
--> statement-breakpoint
ALTER TABLE "guarantee_claims" ADD CONSTRAINT "guarantee_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_claims" ADD CONSTRAINT "guarantee_claims_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_claims" ADD CONSTRAINT "guarantee_claims_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guarantee_claims_order_holding_key" ON "guarantee_claims" USING btree ("order_id") WHERE "guarantee_claims"."state" in ('submitted', 'info_requested', 'accepted', 'compensated');--> statement-breakpoint
CREATE INDEX "guarantee_claims_buyer_idx" ON "guarantee_claims" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "guarantee_claims_state_idx" ON "guarantee_claims" USING btree ("state","created_at");
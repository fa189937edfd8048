CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"goods_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"state" text NOT NULL,
	"guarantee_code" text,
	"price_fen" bigint NOT NULL,
	"guarantee_fee_fen" bigint NOT NULL,
	"discount_fen" bigint NOT NULL,
	"trade_fee_fen" bigint NOT NULL,
	"payable_fen" bigint NOT NULL,
	"seller_income_fen" bigint NOT NULL,
	"escrow_fen" bigint DEFAULT 0 NOT NULL,
	"wallet_paid_fen" bigint DEFAULT 0 NOT NULL,
	"gateway_paid_fen" bigint DEFAULT 0 NOT NULL,
	"coupon_id" bigint,
	"gateway_recharge_no" text,
	"goods_card" jsonb NOT NULL,
	"pay_by" timestamp with time zone NOT NULL,
	"deliver_by" timestamp with time zone,
	"release_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."price_fen" > 0 and "orders"."guarantee_fee_fen" >= 0 and "orders"."discount_fen" >= 0 and "orders"."trade_fee_fen" >= 0 and "orders"."payable_fen" > 0 and "orders"."seller_income_fen" >= 0 and "orders"."escrow_fen" >= 0 and "orders"."wallet_paid_fen" >= 0 and "orders"."gateway_paid_fen" >= 0),
	CONSTRAINT "orders_parties_check" CHECK ("orders"."buyer_id" <> "orders"."seller_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_user_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."user_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_goods_holding_key" ON "orders" USING btree ("goods_id") WHERE "orders"."state" in ('pending_payment', 'paid', 'delivering', 'verifying', 'rebinding', 'signing', 'protection', 'disputed');--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_seller_created_idx" ON "orders" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_gateway_recharge_key" ON "orders" USING btree ("gateway_recharge_no") WHERE "orders"."gateway_recharge_no" is not null;
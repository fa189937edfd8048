CREATE TABLE "sincerity_holdings" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sincerity_holdings_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "sincerity_holdings_kind_check" CHECK ("sincerity_holdings"."kind" in ('seller', 'recycler')),
	CONSTRAINT "sincerity_holdings_held_check" CHECK ("sincerity_holdings"."held" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sincerity_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "sincerity_holds_status_check" CHECK ("sincerity_holds"."status" in ('open', 'released'))
);
--> statement-breakpoint
CREATE TABLE "sincerity_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"held_after" bigint NOT NULL,
	"transfer_id" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sincerity_movements_type_check" CHECK ("sincerity_movements"."type" in ('pay', 'release', 'penalty')),
	CONSTRAINT "sincerity_movements_amount_check" CHECK ("sincerity_movements"."amount" <> 0 and "sincerity_movements"."held_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sincerity_penalties" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"movement_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "sincerity_penalties_amount_check" CHECK ("sincerity_penalties"."amount" > 0),
	CONSTRAINT "sincerity_penalties_status_check" CHECK (("sincerity_penalties"."status" = 'settled') = ("sincerity_penalties"."movement_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "coupon_package_claims" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"amount_off" bigint NOT NULL,
	"threshold" bigint DEFAULT 0 NOT NULL,
	"game_id" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"valid_days" integer,
	"stock_total" integer NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_templates_code_unique" UNIQUE("code"),
	CONSTRAINT "coupon_templates_channel_check" CHECK ("coupon_templates"."channel" in ('new_user', 'hall')),
	CONSTRAINT "coupon_templates_amount_check" CHECK ("coupon_templates"."amount_off" > 0 and "coupon_templates"."threshold" >= 0),
	CONSTRAINT "coupon_templates_validity_check" CHECK (("coupon_templates"."valid_days" is not null and "coupon_templates"."valid_days" > 0 and "coupon_templates"."valid_from" is null and "coupon_templates"."valid_until" is null)
        or ("coupon_templates"."valid_days" is null and "coupon_templates"."valid_from" is not null and "coupon_templates"."valid_until" > "coupon_templates"."valid_from")),
	CONSTRAINT "coupon_templates_stock_check" CHECK ("coupon_templates"."claimed" >= 0 and "coupon_templates"."claimed" <= "coupon_templates"."stock_total")
);
--> statement-breakpoint
CREATE TABLE "user_coupons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"template_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"amount_off" bigint NOT NULL,
	"threshold" bigint NOT NULL,
	"game_id" integer,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'usable' NOT NULL,
	"order_id" text,
	"order_amount" bigint,
	"locked_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_coupons_status_check" CHECK ("user_coupons"."status" in ('usable', 'locked', 'used')),
	CONSTRAINT "user_coupons_order_check" CHECK (("user_coupons"."status" = 'usable') = ("user_coupons"."order_id" is null))
);
--> statement-breakpoint
ALTER TABLE "sincerity_holdings" ADD CONSTRAINT "sincerity_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sincerity_holds" ADD CONSTRAINT "sincerity_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sincerity_movements" ADD CONSTRAINT "sincerity_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sincerity_movements" ADD CONSTRAINT "sincerity_movements_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sincerity_penalties" ADD CONSTRAINT "sincerity_penalties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sincerity_penalties" ADD CONSTRAINT "sincerity_penalties_movement_id_sincerity_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."sincerity_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_package_claims" ADD CONSTRAINT "coupon_package_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD CONSTRAINT "coupon_templates_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sincerity_holds_reference_key" ON "sincerity_holds" USING btree ("kind","reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "sincerity_holds_user_idx" ON "sincerity_holds" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sincerity_movements_transfer_key" ON "sincerity_movements" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "sincerity_movements_user_idx" ON "sincerity_movements" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sincerity_penalties_reference_key" ON "sincerity_penalties" USING btree ("kind","reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "sincerity_penalties_user_idx" ON "sincerity_penalties" USING btree ("user_id","kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "user_coupons_user_template_key" ON "user_coupons" USING btree ("user_id","template_id");--> statement-breakpoint
CREATE INDEX "user_coupons_user_status_idx" ON "user_coupons" USING btree ("user_id","status","valid_until");
CREATE TABLE "game_partitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"group" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"platforms" text[] NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"slogan" text DEFAULT '' NOT NULL,
	"publish_schema" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"link" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "banners_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "intelligence" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" integer,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"content" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intelligence_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"content" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "search_keywords" (
	"keyword" text PRIMARY KEY NOT NULL,
	"game_id" integer,
	"weight" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"game_id" integer NOT NULL,
	"platform" text NOT NULL,
	"partition_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"attrs" jsonb NOT NULL,
	"bindings" jsonb NOT NULL,
	"guarantees" text[] NOT NULL,
	"screenshots" text[] NOT NULL,
	"highlights" text[] NOT NULL,
	"price" bigint NOT NULL,
	"original_price" bigint,
	"bargain" boolean DEFAULT false NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"tags" text[] NOT NULL,
	"account_hint" text DEFAULT '' NOT NULL,
	"private_note" text DEFAULT '' NOT NULL,
	"review_note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"favourites" integer DEFAULT 0 NOT NULL,
	"heat" integer DEFAULT 0 NOT NULL,
	"rank_score" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"listed_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"verified_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" bigint NOT NULL,
	"goods_id" bigint,
	"user_id" bigint NOT NULL,
	"rating" integer NOT NULL,
	"content" text NOT NULL,
	"tags" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_favourites" (
	"user_id" bigint NOT NULL,
	"goods_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_favourites_user_id_goods_id_pk" PRIMARY KEY("user_id","goods_id")
);
--> statement-breakpoint
CREATE TABLE "goods_footprints" (
	"user_id" bigint NOT NULL,
	"goods_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"visits" integer DEFAULT 1 NOT NULL,
	"last_visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_footprints_user_id_goods_id_pk" PRIMARY KEY("user_id","goods_id")
);
--> statement-breakpoint
CREATE TABLE "goods_qr_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"goods_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"scanned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_follows" (
	"user_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_follows_user_id_seller_id_pk" PRIMARY KEY("user_id","seller_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"rating" integer DEFAULT 500 NOT NULL,
	"deals" integer DEFAULT 0 NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"declared_bytes" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"bytes" integer,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_tickets_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "game_partitions" ADD CONSTRAINT "game_partitions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligence" ADD CONSTRAINT "intelligence_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_keywords" ADD CONSTRAINT "search_keywords_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_partition_id_game_partitions_id_fk" FOREIGN KEY ("partition_id") REFERENCES "public"."game_partitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_comments" ADD CONSTRAINT "goods_comments_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_comments" ADD CONSTRAINT "goods_comments_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_comments" ADD CONSTRAINT "goods_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_favourites" ADD CONSTRAINT "goods_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_favourites" ADD CONSTRAINT "goods_favourites_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_footprints" ADD CONSTRAINT "goods_footprints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_footprints" ADD CONSTRAINT "goods_footprints_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_footprints" ADD CONSTRAINT "goods_footprints_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_qr_tickets" ADD CONSTRAINT "goods_qr_tickets_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_follows" ADD CONSTRAINT "store_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_follows" ADD CONSTRAINT "store_follows_seller_id_stores_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."stores"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_tickets" ADD CONSTRAINT "upload_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_partitions_game_platform_name_key" ON "game_partitions" USING btree ("game_id","platform","name");--> statement-breakpoint
CREATE INDEX "game_partitions_game_idx" ON "game_partitions" USING btree ("game_id","sort");--> statement-breakpoint
CREATE INDEX "intelligence_published_idx" ON "intelligence" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "notices_published_idx" ON "notices" USING btree ("pinned","published_at","id");--> statement-breakpoint
CREATE INDEX "goods_seller_idx" ON "goods" USING btree ("seller_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "goods_sale_rank_idx" ON "goods" USING btree ("rank_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'on_sale';--> statement-breakpoint
CREATE INDEX "goods_sale_newest_idx" ON "goods" USING btree ("listed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'on_sale';--> statement-breakpoint
CREATE INDEX "goods_sale_price_idx" ON "goods" USING btree ("price","id") WHERE status = 'on_sale';--> statement-breakpoint
CREATE INDEX "goods_sale_heat_idx" ON "goods" USING btree ("heat" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'on_sale';--> statement-breakpoint
CREATE INDEX "goods_sale_game_rank_idx" ON "goods" USING btree ("game_id","rank_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'on_sale';--> statement-breakpoint
CREATE INDEX "goods_sale_game_newest_idx" ON "goods" USING btree ("game_id","listed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'on_sale';--> statement-breakpoint
CREATE INDEX "goods_sale_game_price_idx" ON "goods" USING btree ("game_id","price","id") WHERE status = 'on_sale';--> statement-breakpoint
CREATE INDEX "goods_sale_game_heat_idx" ON "goods" USING btree ("game_id","heat" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'on_sale';--> statement-breakpoint
CREATE INDEX "goods_sale_search_trgm_idx" ON "goods" USING gin ("search_text" gin_trgm_ops) WHERE status = 'on_sale';--> statement-breakpoint
CREATE INDEX "goods_comments_seller_idx" ON "goods_comments" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "goods_favourites_user_idx" ON "goods_favourites" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "goods_footprints_user_idx" ON "goods_footprints" USING btree ("user_id","last_visited_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "goods_footprints_seller_idx" ON "goods_footprints" USING btree ("seller_id","last_visited_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "store_follows_user_idx" ON "store_follows" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "upload_tickets_user_idx" ON "upload_tickets" USING btree ("user_id","created_at");
CREATE TABLE "search_aliases" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer,
	"alias" text NOT NULL,
	"expansion" text NOT NULL,
	"created_by" text DEFAULT 'seed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_aliases_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "search_tokens" text[] GENERATED ALWAYS AS (string_to_array(btrim(search_text), ' ') || array['g:' || game_id::text, 'p:' || platform]) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "search_aliases" ADD CONSTRAINT "search_aliases_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_sale_search_tokens_idx" ON "goods" USING gin ("search_tokens") WHERE status = 'on_sale';
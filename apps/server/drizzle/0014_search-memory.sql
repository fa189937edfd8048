ALTER TABLE "goods" ADD COLUMN "search_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "goods_search_seq_idx" ON "goods" USING btree ("search_seq");
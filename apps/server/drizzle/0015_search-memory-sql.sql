-- Every insert and update of a listing (views and favourites too) takes the next `goods_search_seq`,
-- so that the in-memory search index of each instance re-reads exactly the rows changed since its
-- last read. A change other than views, favourites and heat also advances `goods_change_seq`, which
-- every search reads beside its rows: an index behind it refreshes before it answers.
CREATE SEQUENCE IF NOT EXISTS "goods_search_seq";--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "goods_change_seq";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "goods_search_seq_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_seq := nextval('goods_search_seq');
  IF TG_OP = 'INSERT' OR (to_jsonb(NEW) - '{views,favourites,heat,search_seq,updated_at}'::text[])
      IS DISTINCT FROM (to_jsonb(OLD) - '{views,favourites,heat,search_seq,updated_at}'::text[]) THEN
    PERFORM nextval('goods_change_seq');
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "goods_search_seq_trigger" BEFORE INSERT OR UPDATE ON "goods"
  FOR EACH ROW EXECUTE FUNCTION "goods_search_seq_bump"();

-- Signed protocol snapshots are append-only: a new signature is a new row, never an edit.
CREATE FUNCTION protocol_snapshots_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'protocol_snapshots is append-only (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER protocol_snapshots_no_update_delete BEFORE UPDATE OR DELETE ON protocol_snapshots
  FOR EACH ROW EXECUTE FUNCTION protocol_snapshots_append_only();
--> statement-breakpoint
CREATE TRIGGER protocol_snapshots_no_truncate BEFORE TRUNCATE ON protocol_snapshots
  FOR EACH STATEMENT EXECUTE FUNCTION protocol_snapshots_append_only();

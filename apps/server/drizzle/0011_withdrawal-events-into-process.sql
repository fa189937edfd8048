-- The withdrawal timeline moves into the one history table of the process engine.
INSERT INTO "process_transitions" ("process", "subject_id", "action", "from_state", "to_state", "actor_role", "actor_user_id", "reason", "metadata", "created_at")
SELECT 'withdrawal', "withdrawal_id",
	CASE
		WHEN "from_status" IS NULL THEN 'create'
		WHEN "to_status" = 'approved' THEN 'approve'
		WHEN "to_status" = 'rejected' THEN 'reject'
		WHEN "to_status" = 'cancelled' THEN 'cancel'
		WHEN "to_status" = 'paying' THEN 'pay'
		WHEN "to_status" = 'paid' THEN 'succeed'
		ELSE 'fail'
	END,
	"from_status", "to_status",
	CASE "actor" WHEN 'user' THEN 'owner' ELSE "actor" END,
	"actor_user_id", NULLIF("note", ''), '{}'::jsonb, "created_at"
FROM "withdrawal_events"
ORDER BY "id";--> statement-breakpoint
DROP TABLE "withdrawal_events" CASCADE;

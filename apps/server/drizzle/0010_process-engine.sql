CREATE TABLE "process_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"process" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_user_id" bigint,
	"reason" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "process_transitions" ADD CONSTRAINT "process_transitions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "process_transitions_subject_idx" ON "process_transitions" USING btree ("process","subject_id","id");
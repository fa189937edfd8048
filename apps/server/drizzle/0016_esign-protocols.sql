CREATE TABLE "protocol_sign_intents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_id" bigint NOT NULL,
	"signer_id" bigint NOT NULL,
	"role" text NOT NULL,
	"image_key" text NOT NULL,
	"image_sha256" text NOT NULL,
	"text_sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "protocol_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"seq" integer NOT NULL,
	"signed_by" text NOT NULL,
	"template_version" text NOT NULL,
	"text" text NOT NULL,
	"text_sha256" text NOT NULL,
	"parties" jsonb NOT NULL,
	"signatures" jsonb NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"platform_signature" text NOT NULL,
	"key_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "protocol_sign_intents" ADD CONSTRAINT "protocol_sign_intents_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_sign_intents_open_key" ON "protocol_sign_intents" USING btree ("subject_id","signer_id") WHERE "protocol_sign_intents"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_snapshots_subject_seq_key" ON "protocol_snapshots" USING btree ("subject_id","seq");--> statement-breakpoint
CREATE INDEX "protocol_snapshots_order_no_idx" ON "protocol_snapshots" USING btree ("order_no");
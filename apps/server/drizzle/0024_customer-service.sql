CREATE TABLE "faq_articles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"category_id" bigint NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "faq_articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "faq_categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "faq_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "service_ratings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"staff_id" bigint NOT NULL,
	"score" integer NOT NULL,
	"tags" jsonb NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"resolved" boolean NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"replied_at" timestamp with time zone,
	CONSTRAINT "service_ratings_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "service_ratings_score_check" CHECK ("service_ratings"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "service_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"order_id" bigint,
	"staff_id" bigint,
	"served" boolean DEFAULT false NOT NULL,
	"conversation_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"assigned_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "faq_articles" ADD CONSTRAINT "faq_articles_category_id_faq_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."faq_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_ratings" ADD CONSTRAINT "service_ratings_session_id_service_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."service_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_ratings" ADD CONSTRAINT "service_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_ratings" ADD CONSTRAINT "service_ratings_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD CONSTRAINT "service_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD CONSTRAINT "service_sessions_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faq_articles_category_idx" ON "faq_articles" USING btree ("category_id","sort");--> statement-breakpoint
CREATE INDEX "service_ratings_user_idx" ON "service_ratings" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "service_ratings_staff_idx" ON "service_ratings" USING btree ("staff_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_sessions_open_user_key" ON "service_sessions" USING btree ("user_id") WHERE "service_sessions"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "service_sessions_queue_idx" ON "service_sessions" USING btree ("created_at","id") WHERE "service_sessions"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "service_sessions_staff_idx" ON "service_sessions" USING btree ("staff_id","status");--> statement-breakpoint
CREATE INDEX "service_sessions_user_idx" ON "service_sessions" USING btree ("user_id","id");
CREATE TABLE "dispute_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dispute_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"author_role" text NOT NULL,
	"content" text NOT NULL,
	"images" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"opened_by" text NOT NULL,
	"opener_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"images" text[] NOT NULL,
	"outcome" text,
	"buyer_fen" bigint,
	"seller_fen" bigint,
	"fee_fen" bigint,
	"resolution" text,
	"resolver_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "disputes_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "disputes_resolution_check" CHECK (("disputes"."resolved_at" is null) = ("disputes"."outcome" is null) and ("disputes"."outcome" is null or ("disputes"."buyer_fen" >= 0 and "disputes"."seller_fen" >= 0 and "disputes"."fee_fen" >= 0 and "disputes"."resolver_id" is not null)))
);
--> statement-breakpoint
CREATE TABLE "evaluation_cashbacks" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"goods_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"author_role" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"stars" integer NOT NULL,
	"service_stars" integer NOT NULL,
	"tags" text[] NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "evaluations_order_role_key" UNIQUE("order_id","author_role"),
	CONSTRAINT "evaluations_stars_check" CHECK ("evaluations"."stars" between 1 and 5 and "evaluations"."service_stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "goods_comments" ADD COLUMN "order_id" bigint;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opener_id_users_id_fk" FOREIGN KEY ("opener_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolver_id_users_id_fk" FOREIGN KEY ("resolver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_cashbacks" ADD CONSTRAINT "evaluation_cashbacks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_cashbacks" ADD CONSTRAINT "evaluation_cashbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_messages_dispute_idx" ON "dispute_messages" USING btree ("dispute_id","id");--> statement-breakpoint
CREATE INDEX "disputes_open_idx" ON "disputes" USING btree ("created_at") WHERE "disputes"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "evaluations_subject_idx" ON "evaluations" USING btree ("subject_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evaluations_author_idx" ON "evaluations" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "goods_comments_order_key" ON "goods_comments" USING btree ("order_id") WHERE "goods_comments"."order_id" is not null;
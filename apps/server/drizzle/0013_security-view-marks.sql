CREATE TABLE "goods_view_marks" (
	"goods_id" bigint NOT NULL,
	"viewer" text NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_view_marks_goods_id_viewer_day_pk" PRIMARY KEY("goods_id","viewer","day")
);
--> statement-breakpoint
ALTER TABLE "goods_view_marks" ADD CONSTRAINT "goods_view_marks_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;
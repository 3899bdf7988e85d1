CREATE TABLE "occasions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"slug_fr" text NOT NULL,
	"slug_en" text NOT NULL,
	"slug_ar" text NOT NULL,
	"image_path" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"highlight_from" date,
	"highlight_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_occasions" (
	"product_id" integer NOT NULL,
	"occasion_id" integer NOT NULL,
	CONSTRAINT "product_occasions_product_id_occasion_id_pk" PRIMARY KEY("product_id","occasion_id")
);
--> statement-breakpoint
ALTER TABLE "product_occasions" ADD CONSTRAINT "product_occasions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_occasions" ADD CONSTRAINT "product_occasions_occasion_id_occasions_id_fk" FOREIGN KEY ("occasion_id") REFERENCES "public"."occasions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "occasions_slug_fr_uq" ON "occasions" USING btree ("slug_fr");--> statement-breakpoint
CREATE UNIQUE INDEX "occasions_slug_en_uq" ON "occasions" USING btree ("slug_en");--> statement-breakpoint
CREATE UNIQUE INDEX "occasions_slug_ar_uq" ON "occasions" USING btree ("slug_ar");--> statement-breakpoint
CREATE INDEX "occasions_sort_idx" ON "occasions" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "product_occasions_occasion_idx" ON "product_occasions" USING btree ("occasion_id","product_id");
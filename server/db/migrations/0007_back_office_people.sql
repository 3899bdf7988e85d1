CREATE TABLE "shop_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "author_name" text DEFAULT '' NOT NULL;
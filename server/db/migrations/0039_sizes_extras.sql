CREATE TABLE "product_sizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"names" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"image_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sizes_price_nonneg" CHECK ("product_sizes"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_line_uq";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "size_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "size_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "size_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "size_names" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_extra" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_alone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_image_id_product_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."product_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_sizes_product_idx" ON "product_sizes" USING btree ("product_id","sort_order");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_size_id_product_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."product_sizes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_size_id_product_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."product_sizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_line_uq" UNIQUE NULLS NOT DISTINCT("cart_id","product_id","color_id","size_id");
DROP INDEX "products_category_sort_idx";--> statement-breakpoint
DROP INDEX "products_category_price_idx";--> statement-breakpoint
DROP INDEX "products_category_created_idx";--> statement-breakpoint
DROP INDEX "products_category_popularity_idx";--> statement-breakpoint
DROP INDEX "products_subcategory_idx";--> statement-breakpoint
DROP INDEX "products_sort_idx";--> statement-breakpoint
DROP INDEX "products_final_price_idx";--> statement-breakpoint
DROP INDEX "products_created_at_idx";--> statement-breakpoint
DROP INDEX "products_popularity_idx";--> statement-breakpoint
DROP INDEX "products_featured_idx";--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("stock","name","id") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_sort_idx" ON "products" USING btree ("category_id","sort_order","id","final_price_cents","subcategory_id","is_featured") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","final_price_cents","id","subcategory_id","is_featured") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at","id","final_price_cents","subcategory_id","is_featured") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_popularity_idx" ON "products" USING btree ("category_id","popularity","id","final_price_cents","subcategory_id","is_featured") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_subcategory_idx" ON "products" USING btree ("subcategory_id","sort_order","id","final_price_cents","is_featured") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_sort_idx" ON "products" USING btree ("sort_order","id","final_price_cents","category_id","subcategory_id","is_featured") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_final_price_idx" ON "products" USING btree ("final_price_cents","id","category_id","subcategory_id","is_featured") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","id","final_price_cents","category_id","subcategory_id","is_featured") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_popularity_idx" ON "products" USING btree ("popularity","id","final_price_cents","category_id","subcategory_id","is_featured") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("sort_order","id") WHERE "products"."is_featured" and "products"."archived_at" is null;
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","final_price_cents","id");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_popularity_idx" ON "products" USING btree ("category_id","popularity","id");
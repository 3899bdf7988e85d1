ALTER TABLE "products" ADD COLUMN "search_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_fuzzy" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_keys_idx" ON "products" USING gin ("search_keys");--> statement-breakpoint
CREATE INDEX "products_search_fuzzy_idx" ON "products" USING gin ("search_fuzzy");--> statement-breakpoint
CREATE INDEX "products_search_stale_idx" ON "products" USING btree ("search_version");
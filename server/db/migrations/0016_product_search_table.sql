CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"name_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_fuzzy" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The keys move as they are (re-indexing 100,000 products takes minutes).
INSERT INTO "product_search" ("product_id", "search_text", "search_keys", "name_keys", "search_fuzzy", "version")
  SELECT "id", "search_text", "search_keys", "name_keys", "search_fuzzy", "search_version" FROM "products";--> statement-breakpoint
DROP INDEX "products_search_keys_idx";--> statement-breakpoint
DROP INDEX "products_search_fuzzy_idx";--> statement-breakpoint
DROP INDEX "products_search_stale_idx";--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_trgm_idx" ON "product_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_search_keys_idx" ON "product_search" USING gin ("search_keys");--> statement-breakpoint
CREATE INDEX "product_search_name_keys_idx" ON "product_search" USING gin ("name_keys");--> statement-breakpoint
CREATE INDEX "product_search_fuzzy_idx" ON "product_search" USING gin ("search_fuzzy");--> statement-breakpoint
CREATE INDEX "product_search_version_idx" ON "product_search" USING btree ("version");--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_keys";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "name_keys";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_fuzzy";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_version";--> statement-breakpoint
-- Dropped columns keep their bytes until the table is rewritten: CLUSTER rewrites it (VACUUM FULL
-- cannot run in the migration's transaction), so lists and product pages read narrow rows at once.
CLUSTER "products" USING "products_pkey";
-- The stock a product had when it was archived (archiving sets stock to 0 so no cart can check it
-- out), put back when it is restored. Products archived before this column existed get theirs from
-- the audit row of their archiving, which holds the product as it was.
ALTER TABLE "products" ADD COLUMN "archived_stock" integer;--> statement-breakpoint
UPDATE "products" p SET "archived_stock" = (
  SELECT greatest(0, (a."before"->>'stock')::int) FROM "audit_log" a
  WHERE a."entity" = 'product' AND a."entity_id" = p."id"::text AND a."action" = 'product.archive' AND jsonb_typeof(a."before"->'stock') = 'number'
  ORDER BY a."id" DESC LIMIT 1
) WHERE p."archived_at" IS NOT NULL;

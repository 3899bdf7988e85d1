-- Orders keep their names in every shop language (schema.ts: order_items.product_names and
-- color_names, orders.delivery_zone_names), so staff read an order in their own language whatever
-- the customer's was. Existing orders are filled here: from today's product, colour and zone rows by
-- id where they still exist, with the order's own language keeping the text the customer saw (the
-- name at the time of the order); a row gone since gives its stored text to every language.
ALTER TABLE "order_items" ADD COLUMN "product_names" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "color_names" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone_names" jsonb;--> statement-breakpoint
UPDATE "order_items" oi SET "product_names" = coalesce(
    (SELECT jsonb_build_object(
        'fr', coalesce((SELECT t.name FROM product_translations t WHERE t.product_id = p.id AND t.locale = 'fr'), p.name),
        'en', coalesce((SELECT t.name FROM product_translations t WHERE t.product_id = p.id AND t.locale = 'en'), p.name),
        'ar', coalesce((SELECT t.name FROM product_translations t WHERE t.product_id = p.id AND t.locale = 'ar'), p.name))
      FROM products p WHERE p.id = oi.product_id),
    jsonb_build_object('fr', oi.product_name, 'en', oi.product_name, 'ar', oi.product_name))
  || (SELECT CASE WHEN o.language IN ('fr', 'en', 'ar') THEN jsonb_build_object(o.language, oi.product_name) ELSE '{}'::jsonb END
      FROM orders o WHERE o.id = oi.order_id);--> statement-breakpoint
UPDATE "order_items" oi SET "color_names" = coalesce(
    (SELECT jsonb_build_object(
        'fr', coalesce((SELECT t.name FROM color_translations t WHERE t.color_id = c.id AND t.locale = 'fr'), c.name),
        'en', coalesce((SELECT t.name FROM color_translations t WHERE t.color_id = c.id AND t.locale = 'en'), c.name),
        'ar', coalesce((SELECT t.name FROM color_translations t WHERE t.color_id = c.id AND t.locale = 'ar'), c.name))
      FROM colors c WHERE c.id = oi.color_id),
    jsonb_build_object('fr', oi.color_name, 'en', oi.color_name, 'ar', oi.color_name))
  || (SELECT CASE WHEN o.language IN ('fr', 'en', 'ar') THEN jsonb_build_object(o.language, oi.color_name) ELSE '{}'::jsonb END
      FROM orders o WHERE o.id = oi.order_id)
  WHERE oi.color_name IS NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "delivery_zone_names" = coalesce(
    (SELECT jsonb_build_object('fr', z.name, 'en', coalesce(z.name_en, z.name), 'ar', z.name_ar) FROM delivery_zones z WHERE z.id = o.delivery_zone_id),
    jsonb_build_object('fr', o.delivery_city, 'en', o.delivery_city, 'ar', o.delivery_city))
  || CASE WHEN o.language IN ('fr', 'en', 'ar') THEN jsonb_build_object(o.language, o.delivery_city) ELSE '{}'::jsonb END;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "product_names" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "delivery_zone_names" SET NOT NULL;

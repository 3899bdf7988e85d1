-- Sales rollups of the back office (schema.ts: sales_hourly, sales_by_category, customer_order_counts),
-- kept by triggers so the dashboard and revenue read a few thousand rows instead of every order.
-- Moves happen in the writing transaction: a rolled-back order leaves no trace.

CREATE FUNCTION flora_sales_hour_add(h timestamptz, st text, n integer, cents bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_hourly (hour, order_status, orders, revenue_cents)
  VALUES (date_trunc('hour', h, 'UTC'), st, n, cents)
  ON CONFLICT (hour, order_status) DO UPDATE
    SET orders = sales_hourly.orders + EXCLUDED.orders, revenue_cents = sales_hourly.revenue_cents + EXCLUDED.revenue_cents;
$$;
--> statement-breakpoint
-- Adds `sign` times the line totals of order `oid`, per category of today's product, under status `st`.
CREATE FUNCTION flora_sales_category_move(oid integer, st text, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_by_category (order_status, category_id, revenue_cents)
  SELECT st, coalesce(p.category_id, 0), sign * sum(oi.unit_price_cents::bigint * oi.quantity)
  FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id
  WHERE oi.order_id = oid
  GROUP BY 2
  ON CONFLICT (order_status, category_id) DO UPDATE
    SET revenue_cents = sales_by_category.revenue_cents + EXCLUDED.revenue_cents;
$$;
--> statement-breakpoint
CREATE FUNCTION flora_customer_count_add(uid integer, n integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO customer_order_counts (user_id, orders) VALUES (uid, n)
  ON CONFLICT (user_id) DO UPDATE SET orders = customer_order_counts.orders + EXCLUDED.orders;
$$;
--> statement-breakpoint
CREATE FUNCTION flora_orders_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'DELETE' OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.order_status IS DISTINCT FROM NEW.order_status
       OR OLD.total_cents IS DISTINCT FROM NEW.total_cents THEN
      PERFORM flora_sales_hour_add(OLD.created_at, OLD.order_status, -1, -OLD.total_cents);
    END IF;
    IF TG_OP = 'DELETE' OR OLD.order_status IS DISTINCT FROM NEW.order_status THEN
      PERFORM flora_sales_category_move(OLD.id, OLD.order_status, -1);
    END IF;
    IF OLD.user_id IS NOT NULL AND (TG_OP = 'DELETE' OR OLD.user_id IS DISTINCT FROM NEW.user_id) THEN
      PERFORM flora_customer_count_add(OLD.user_id, -1);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'INSERT' OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.order_status IS DISTINCT FROM NEW.order_status
     OR OLD.total_cents IS DISTINCT FROM NEW.total_cents THEN
    PERFORM flora_sales_hour_add(NEW.created_at, NEW.order_status, 1, NEW.total_cents);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.order_status IS DISTINCT FROM NEW.order_status THEN
    PERFORM flora_sales_category_move(NEW.id, NEW.order_status, 1);
  END IF;
  IF NEW.user_id IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.user_id IS DISTINCT FROM NEW.user_id) THEN
    PERFORM flora_customer_count_add(NEW.user_id, 1);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- BEFORE DELETE: the order's lines still exist (the cascade removes them afterwards).
CREATE TRIGGER orders_rollup_delete BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION flora_orders_rollup();
--> statement-breakpoint
CREATE TRIGGER orders_rollup_write AFTER INSERT OR UPDATE OF created_at, order_status, total_cents, user_id ON orders
  FOR EACH ROW EXECUTE FUNCTION flora_orders_rollup();
--> statement-breakpoint
CREATE FUNCTION flora_order_items_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  st text;
  line record;
BEGIN
  IF TG_OP = 'DELETE' THEN line := OLD; ELSE line := NEW; END IF;
  SELECT order_status INTO st FROM orders WHERE id = line.order_id;
  -- An order being deleted has already taken its lines out (BEFORE DELETE above).
  IF st IS NULL THEN RETURN NULL; END IF;
  INSERT INTO sales_by_category (order_status, category_id, revenue_cents)
  SELECT st, coalesce((SELECT category_id FROM products WHERE id = line.product_id), 0),
         (CASE WHEN TG_OP = 'DELETE' THEN -1 ELSE 1 END) * line.unit_price_cents::bigint * line.quantity
  ON CONFLICT (order_status, category_id) DO UPDATE
    SET revenue_cents = sales_by_category.revenue_cents + EXCLUDED.revenue_cents;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_rollup AFTER INSERT OR DELETE ON order_items FOR EACH ROW EXECUTE FUNCTION flora_order_items_rollup();
--> statement-breakpoint
-- Orders that exist before this migration.
INSERT INTO sales_hourly (hour, order_status, orders, revenue_cents)
SELECT date_trunc('hour', created_at, 'UTC'), order_status, count(*), sum(total_cents) FROM orders GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO sales_by_category (order_status, category_id, revenue_cents)
SELECT o.order_status, coalesce(p.category_id, 0), sum(oi.unit_price_cents::bigint * oi.quantity)
FROM order_items oi JOIN orders o ON o.id = oi.order_id LEFT JOIN products p ON p.id = oi.product_id
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO customer_order_counts (user_id, orders)
SELECT user_id, count(*) FROM orders WHERE user_id IS NOT NULL GROUP BY 1;

-- Daily and monthly sales rollups (schema.ts: sales_daily, sales_monthly), shop calendar
-- (Africa/Casablanca), moved with sales_hourly by one function the order trigger calls, so the three
-- stay equal to a plain aggregate over orders in the writing transaction. Days and months also count
-- customized orders (the orders list's type filter), so the trigger now watches is_customized too.

-- Moves the hourly, daily and monthly rows of an order placed at `h` with status `st` by n orders
-- and `cents`; days and months also count the customized ones.
CREATE FUNCTION flora_sales_add(h timestamptz, st text, customized boolean, n integer, cents bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_hourly (hour, order_status, orders, revenue_cents)
  VALUES (date_trunc('hour', h, 'UTC'), st, n, cents)
  ON CONFLICT (hour, order_status) DO UPDATE
    SET orders = sales_hourly.orders + EXCLUDED.orders, revenue_cents = sales_hourly.revenue_cents + EXCLUDED.revenue_cents;
  INSERT INTO sales_daily (day, order_status, orders, customized_orders, revenue_cents)
  VALUES ((h AT TIME ZONE 'Africa/Casablanca')::date, st, n, CASE WHEN customized THEN n ELSE 0 END, cents)
  ON CONFLICT (day, order_status) DO UPDATE
    SET orders = sales_daily.orders + EXCLUDED.orders, customized_orders = sales_daily.customized_orders + EXCLUDED.customized_orders,
        revenue_cents = sales_daily.revenue_cents + EXCLUDED.revenue_cents;
  INSERT INTO sales_monthly (month, order_status, orders, customized_orders, revenue_cents)
  VALUES (date_trunc('month', h AT TIME ZONE 'Africa/Casablanca')::date, st, n, CASE WHEN customized THEN n ELSE 0 END, cents)
  ON CONFLICT (month, order_status) DO UPDATE
    SET orders = sales_monthly.orders + EXCLUDED.orders, customized_orders = sales_monthly.customized_orders + EXCLUDED.customized_orders,
        revenue_cents = sales_monthly.revenue_cents + EXCLUDED.revenue_cents;
$$;
--> statement-breakpoint
-- The orders trigger of *_back_office_orders_sql, calling flora_sales_add (which also sees is_customized).
CREATE OR REPLACE FUNCTION flora_orders_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'DELETE' OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.order_status IS DISTINCT FROM NEW.order_status
       OR OLD.total_cents IS DISTINCT FROM NEW.total_cents OR OLD.is_customized IS DISTINCT FROM NEW.is_customized THEN
      PERFORM flora_sales_add(OLD.created_at, OLD.order_status, OLD.is_customized, -1, -OLD.total_cents);
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
     OR OLD.total_cents IS DISTINCT FROM NEW.total_cents OR OLD.is_customized IS DISTINCT FROM NEW.is_customized THEN
    PERFORM flora_sales_add(NEW.created_at, NEW.order_status, NEW.is_customized, 1, NEW.total_cents);
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
DROP TRIGGER orders_rollup_write ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_rollup_write AFTER INSERT OR UPDATE OF created_at, order_status, total_cents, user_id, is_customized ON orders
  FOR EACH ROW EXECUTE FUNCTION flora_orders_rollup();
--> statement-breakpoint
DROP FUNCTION flora_sales_hour_add(timestamptz, text, integer, bigint);
--> statement-breakpoint
-- Moves a customer's order count by n; when it crosses 2, moves the returning-customers counter.
CREATE OR REPLACE FUNCTION flora_customer_count_add(uid integer, n integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  after integer;
BEGIN
  INSERT INTO customer_order_counts (user_id, orders) VALUES (uid, n)
  ON CONFLICT (user_id) DO UPDATE SET orders = customer_order_counts.orders + EXCLUDED.orders
  RETURNING orders INTO after;
  IF (after >= 2) <> (after - n >= 2) THEN
    INSERT INTO rollup_counters (name, value) VALUES ('returning_customers', CASE WHEN after >= 2 THEN 1 ELSE -1 END)
    ON CONFLICT (name) DO UPDATE SET value = rollup_counters.value + EXCLUDED.value;
  END IF;
END;
$$;
--> statement-breakpoint
-- Customer accounts (the dashboard's total users), moved on sign-up, deletion and role change.
CREATE FUNCTION flora_users_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.role = 'customer' THEN delta := delta - 1; END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.role = 'customer' THEN delta := delta + 1; END IF;
  IF delta <> 0 THEN
    INSERT INTO rollup_counters (name, value) VALUES ('customers', delta)
    ON CONFLICT (name) DO UPDATE SET value = rollup_counters.value + EXCLUDED.value;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_rollup AFTER INSERT OR DELETE OR UPDATE OF role ON users FOR EACH ROW EXECUTE FUNCTION flora_users_rollup();
--> statement-breakpoint
-- Recomputes every sales rollup from the orders (this migration, and bulk loads made with triggers
-- off such as the benchmark's seed).
CREATE FUNCTION flora_rebuild_sales_rollups() RETURNS void LANGUAGE sql AS $$
  TRUNCATE sales_hourly, sales_daily, sales_monthly, sales_by_category, customer_order_counts, rollup_counters;
  INSERT INTO sales_hourly (hour, order_status, orders, revenue_cents)
  SELECT date_trunc('hour', created_at, 'UTC'), order_status, count(*), sum(total_cents) FROM orders GROUP BY 1, 2;
  INSERT INTO sales_daily (day, order_status, orders, customized_orders, revenue_cents)
  SELECT (created_at AT TIME ZONE 'Africa/Casablanca')::date, order_status, count(*), count(*) FILTER (WHERE is_customized), sum(total_cents)
  FROM orders GROUP BY 1, 2;
  INSERT INTO sales_monthly (month, order_status, orders, customized_orders, revenue_cents)
  SELECT date_trunc('month', day)::date, order_status, sum(orders), sum(customized_orders), sum(revenue_cents) FROM sales_daily GROUP BY 1, 2;
  INSERT INTO sales_by_category (order_status, category_id, revenue_cents)
  SELECT o.order_status, coalesce(p.category_id, 0), sum(oi.unit_price_cents::bigint * oi.quantity)
  FROM order_items oi JOIN orders o ON o.id = oi.order_id LEFT JOIN products p ON p.id = oi.product_id
  GROUP BY 1, 2;
  INSERT INTO customer_order_counts (user_id, orders)
  SELECT user_id, count(*) FROM orders WHERE user_id IS NOT NULL GROUP BY 1;
  INSERT INTO rollup_counters (name, value)
  SELECT 'returning_customers', count(*) FROM customer_order_counts WHERE orders >= 2
  UNION ALL SELECT 'customers', count(*) FROM users WHERE role = 'customer';
$$;
--> statement-breakpoint
SELECT flora_rebuild_sales_rollups();

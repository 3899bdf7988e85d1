-- Daily and monthly sales rollups (schema.ts: sales_daily, sales_monthly), shop calendar
-- (Africa/Casablanca), moved by the function every order trigger already calls for sales_hourly, so
-- the three stay equal to a plain aggregate over orders in the writing transaction.

CREATE OR REPLACE FUNCTION flora_sales_hour_add(h timestamptz, st text, n integer, cents bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_hourly (hour, order_status, orders, revenue_cents)
  VALUES (date_trunc('hour', h, 'UTC'), st, n, cents)
  ON CONFLICT (hour, order_status) DO UPDATE
    SET orders = sales_hourly.orders + EXCLUDED.orders, revenue_cents = sales_hourly.revenue_cents + EXCLUDED.revenue_cents;
  INSERT INTO sales_daily (day, order_status, orders, revenue_cents)
  VALUES ((h AT TIME ZONE 'Africa/Casablanca')::date, st, n, cents)
  ON CONFLICT (day, order_status) DO UPDATE
    SET orders = sales_daily.orders + EXCLUDED.orders, revenue_cents = sales_daily.revenue_cents + EXCLUDED.revenue_cents;
  INSERT INTO sales_monthly (month, order_status, orders, revenue_cents)
  VALUES (date_trunc('month', h AT TIME ZONE 'Africa/Casablanca')::date, st, n, cents)
  ON CONFLICT (month, order_status) DO UPDATE
    SET orders = sales_monthly.orders + EXCLUDED.orders, revenue_cents = sales_monthly.revenue_cents + EXCLUDED.revenue_cents;
$$;
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
  INSERT INTO sales_daily (day, order_status, orders, revenue_cents)
  SELECT (hour AT TIME ZONE 'Africa/Casablanca')::date, order_status, sum(orders), sum(revenue_cents) FROM sales_hourly GROUP BY 1, 2;
  INSERT INTO sales_monthly (month, order_status, orders, revenue_cents)
  SELECT date_trunc('month', day)::date, order_status, sum(orders), sum(revenue_cents) FROM sales_daily GROUP BY 1, 2;
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

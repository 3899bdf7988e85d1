-- Delivery fees and coupon discounts in the sales rollups (schema.ts: `shipping_cents` and
-- `discount_cents` of sales_hourly, sales_daily and sales_monthly), moved by the same trigger as the
-- revenue, so the dashboard says what revenue is made of: line totals - coupon discounts + delivery
-- fees = revenue. The order trigger now also watches the fee and the discount (an order edit that
-- changes them moves its sums). Also: the index the status mails' withdrawal reads (one order's
-- waiting status mail, whatever the size of the outbox).
DROP FUNCTION flora_sales_add(timestamptz, text, boolean, integer, bigint);
--> statement-breakpoint
CREATE FUNCTION flora_sales_add(h timestamptz, st text, customized boolean, n integer, cents bigint, shipping bigint, discount bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_hourly (hour, order_status, orders, revenue_cents, shipping_cents, discount_cents)
  VALUES (date_trunc('hour', h, 'UTC'), st, n, cents, shipping, discount)
  ON CONFLICT (hour, order_status) DO UPDATE
    SET orders = sales_hourly.orders + EXCLUDED.orders, revenue_cents = sales_hourly.revenue_cents + EXCLUDED.revenue_cents,
        shipping_cents = sales_hourly.shipping_cents + EXCLUDED.shipping_cents, discount_cents = sales_hourly.discount_cents + EXCLUDED.discount_cents;
  INSERT INTO sales_daily (day, order_status, orders, customized_orders, revenue_cents, shipping_cents, discount_cents)
  VALUES ((h AT TIME ZONE 'Africa/Casablanca')::date, st, n, CASE WHEN customized THEN n ELSE 0 END, cents, shipping, discount)
  ON CONFLICT (day, order_status) DO UPDATE
    SET orders = sales_daily.orders + EXCLUDED.orders, customized_orders = sales_daily.customized_orders + EXCLUDED.customized_orders,
        revenue_cents = sales_daily.revenue_cents + EXCLUDED.revenue_cents,
        shipping_cents = sales_daily.shipping_cents + EXCLUDED.shipping_cents, discount_cents = sales_daily.discount_cents + EXCLUDED.discount_cents;
  INSERT INTO sales_monthly (month, order_status, orders, customized_orders, revenue_cents, shipping_cents, discount_cents)
  VALUES (date_trunc('month', h AT TIME ZONE 'Africa/Casablanca')::date, st, n, CASE WHEN customized THEN n ELSE 0 END, cents, shipping, discount)
  ON CONFLICT (month, order_status) DO UPDATE
    SET orders = sales_monthly.orders + EXCLUDED.orders, customized_orders = sales_monthly.customized_orders + EXCLUDED.customized_orders,
        revenue_cents = sales_monthly.revenue_cents + EXCLUDED.revenue_cents,
        shipping_cents = sales_monthly.shipping_cents + EXCLUDED.shipping_cents, discount_cents = sales_monthly.discount_cents + EXCLUDED.discount_cents;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION flora_orders_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'DELETE' OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.order_status IS DISTINCT FROM NEW.order_status
       OR OLD.total_cents IS DISTINCT FROM NEW.total_cents OR OLD.is_customized IS DISTINCT FROM NEW.is_customized
       OR OLD.shipping_cents IS DISTINCT FROM NEW.shipping_cents OR OLD.coupon_discount_cents IS DISTINCT FROM NEW.coupon_discount_cents THEN
      PERFORM flora_sales_add(OLD.created_at, OLD.order_status, OLD.is_customized, -1, -OLD.total_cents, -OLD.shipping_cents, -OLD.coupon_discount_cents);
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
     OR OLD.total_cents IS DISTINCT FROM NEW.total_cents OR OLD.is_customized IS DISTINCT FROM NEW.is_customized
     OR OLD.shipping_cents IS DISTINCT FROM NEW.shipping_cents OR OLD.coupon_discount_cents IS DISTINCT FROM NEW.coupon_discount_cents THEN
    PERFORM flora_sales_add(NEW.created_at, NEW.order_status, NEW.is_customized, 1, NEW.total_cents, NEW.shipping_cents, NEW.coupon_discount_cents);
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
CREATE TRIGGER orders_rollup_write AFTER INSERT OR UPDATE OF created_at, order_status, total_cents, user_id, is_customized, shipping_cents, coupon_discount_cents ON orders
  FOR EACH ROW EXECUTE FUNCTION flora_orders_rollup();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION flora_rebuild_sales_rollups() RETURNS void LANGUAGE sql AS $$
  TRUNCATE sales_hourly, sales_daily, sales_monthly, sales_by_category, customer_order_counts, rollup_counters;
  INSERT INTO sales_hourly (hour, order_status, orders, revenue_cents, shipping_cents, discount_cents)
  SELECT date_trunc('hour', created_at, 'UTC'), order_status, count(*), sum(total_cents), sum(shipping_cents), sum(coupon_discount_cents) FROM orders GROUP BY 1, 2;
  INSERT INTO sales_daily (day, order_status, orders, customized_orders, revenue_cents, shipping_cents, discount_cents)
  SELECT (created_at AT TIME ZONE 'Africa/Casablanca')::date, order_status, count(*), count(*) FILTER (WHERE is_customized), sum(total_cents),
         sum(shipping_cents), sum(coupon_discount_cents)
  FROM orders GROUP BY 1, 2;
  INSERT INTO sales_monthly (month, order_status, orders, customized_orders, revenue_cents, shipping_cents, discount_cents)
  SELECT date_trunc('month', day)::date, order_status, sum(orders), sum(customized_orders), sum(revenue_cents), sum(shipping_cents), sum(discount_cents)
  FROM sales_daily GROUP BY 1, 2;
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
--> statement-breakpoint
CREATE INDEX mail_outbox_order_status_idx ON mail_outbox (((payload ->> 'orderId')::int)) WHERE kind = 'order_status';

-- No order is left on a closed day by a race with the closing. Closing a day takes the day's lock
-- (pg_advisory_xact_lock on flora_delivery_day_lock(day)) before it closes the day and moves the orders
-- due then; an order written for a day (placed, or moved to it) takes the same lock shared, then
-- checks the day is open. So an order placed while the day is being closed either commits first and is
-- moved by the closing, or waits for the closing and is refused with a serialization failure (40001:
-- the shop answers 503 "try again", and the retried checkout sees the day closed and says so).
CREATE FUNCTION flora_delivery_day_lock(day date) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtextextended('flora:delivery-day:' || day::text, 0);
$$;
--> statement-breakpoint
CREATE FUNCTION flora_orders_open_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.delivery_date IS NULL OR (TG_OP = 'UPDATE' AND OLD.delivery_date IS NOT DISTINCT FROM NEW.delivery_date) THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(flora_delivery_day_lock(NEW.delivery_date));
  IF EXISTS (SELECT 1 FROM closed_dates WHERE date = NEW.delivery_date) THEN
    RAISE EXCEPTION 'delivery day % was closed meanwhile', NEW.delivery_date USING ERRCODE = '40001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_open_day BEFORE INSERT OR UPDATE OF delivery_date ON orders
  FOR EACH ROW EXECUTE FUNCTION flora_orders_open_day();

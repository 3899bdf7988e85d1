-- Guest buyers, safe when orders of one person arrive together, and cheaper for every guest checkout
-- (the trigger runs inside its transaction):
-- - one writer at a time: the bookkeeping of a guest order (added, changed, deleted) and of an account
--   (created, its e-mail or phone changed) takes one transaction lock first, held to the COMMIT. Two
--   first orders of one person at once used to deadlock (each claimed a key the other had written)
--   and joins could race; now the second waits a moment and finds the person the first made. It is
--   a few statements per order, so orders of different people only queue for that moment;
-- - the holder of an order's keys is found by two primary-key look-ups; `key IN (e, p) ORDER BY
--   buyer_id LIMIT 1` was planned as a scan of the keys' trigram index or of the whole table, a cost
--   that grew with the number of guests;
-- - a person never seen (the common case) is made with this order already counted and then given its
--   keys, in three statements instead of eight;
-- - the account look-up is PL/pgSQL, whose plan each session keeps (a SQL function's plan is made
--   again at every call).
CREATE FUNCTION flora_guest_buyers_lock() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('flora:guest-buyers', 0));
$$;
--> statement-breakpoint
CREATE FUNCTION flora_guest_holder(ek text, pk text) RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN least((SELECT buyer_id FROM guest_buyer_keys WHERE key = ek), (SELECT buyer_id FROM guest_buyer_keys WHERE key = pk));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION flora_account_for(mail text, phone text) RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT a.id FROM (
    SELECT u.id, 0 AS rank FROM users u WHERE u.email = mail
    UNION ALL
    SELECT u.id, 1 FROM users u WHERE u.phone IS NOT NULL AND u.phone_key = flora_account_for.phone
  ) a ORDER BY a.rank, a.id LIMIT 1);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION flora_guest_add(o orders) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  mail text := nullif(lower(btrim(o.customer_email)), '');
  ek text := 'e:' || nullif(lower(btrim(o.customer_email)), '');
  pk text := 'p:' || o.customer_phone_key;
  b integer := flora_guest_holder(ek, pk);
BEGIN
  IF b IS NULL THEN
    INSERT INTO guest_buyers (user_id, name, email, phone, orders_count, first_order_at, last_order_at)
    VALUES (flora_account_for(mail, o.customer_phone_key), o.customer_name, o.customer_email, o.customer_phone, 1, o.created_at, o.created_at)
    RETURNING id INTO b;
    INSERT INTO guest_buyer_keys (key, buyer_id) SELECT k, b FROM unnest(ARRAY[ek, pk]) k WHERE k IS NOT NULL;
    RETURN;
  END IF;
  b := flora_guest_claim(ek, b);
  b := flora_guest_claim(pk, b);
  UPDATE guest_buyers SET
    orders_count = orders_count + 1,
    first_order_at = least(first_order_at, o.created_at),
    last_order_at = greatest(last_order_at, o.created_at),
    name = CASE WHEN o.created_at >= last_order_at THEN o.customer_name ELSE name END,
    email = CASE WHEN o.created_at >= last_order_at THEN o.customer_email ELSE email END,
    phone = CASE WHEN o.created_at >= last_order_at THEN o.customer_phone ELSE phone END,
    user_id = coalesce(user_id, flora_account_for(mail, o.customer_phone_key))
  WHERE id = b;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION flora_guest_remove(o orders) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b integer := flora_guest_holder('e:' || nullif(lower(btrim(o.customer_email)), ''), 'p:' || o.customer_phone_key);
  n integer;
  first_at timestamptz;
  last_at timestamptz;
BEGIN
  IF b IS NULL THEN RETURN; END IF;
  SELECT count(*), min(x.created_at), max(x.created_at) INTO n, first_at, last_at
    FROM orders x
    WHERE x.user_id IS NULL AND x.id <> o.id AND (
      lower(x.customer_email) IN (SELECT substr(key, 3) FROM guest_buyer_keys WHERE buyer_id = b AND key LIKE 'e:%')
      OR x.customer_phone_key IN (SELECT substr(key, 3) FROM guest_buyer_keys WHERE buyer_id = b AND key LIKE 'p:%'));
  IF n = 0 THEN
    DELETE FROM guest_buyers WHERE id = b;
  ELSE
    UPDATE guest_buyers SET orders_count = n, first_order_at = first_at, last_order_at = last_at WHERE id = b;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION flora_orders_guest_buyers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.user_id IS NOT DISTINCT FROM NEW.user_id AND OLD.customer_email IS NOT DISTINCT FROM NEW.customer_email
     AND OLD.customer_phone_key IS NOT DISTINCT FROM NEW.customer_phone_key AND OLD.customer_name IS NOT DISTINCT FROM NEW.customer_name THEN
    RETURN NULL;
  END IF;
  IF (TG_OP IN ('UPDATE', 'DELETE') AND OLD.user_id IS NULL) OR (TG_OP IN ('INSERT', 'UPDATE') AND NEW.user_id IS NULL) THEN
    PERFORM flora_guest_buyers_lock();
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.user_id IS NULL THEN PERFORM flora_guest_remove(OLD); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.user_id IS NULL THEN PERFORM flora_guest_add(NEW); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION flora_users_guest_buyers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM flora_guest_buyers_lock();
  IF TG_OP = 'UPDATE' THEN
    UPDATE guest_buyers b SET user_id = NULL
      WHERE b.user_id = NEW.id AND NOT EXISTS (
        SELECT 1 FROM guest_buyer_keys k WHERE k.buyer_id = b.id AND (k.key = 'e:' || NEW.email OR k.key = 'p:' || NEW.phone_key));
  END IF;
  UPDATE guest_buyers b SET user_id = NEW.id
    WHERE b.user_id IS NULL AND b.id IN (SELECT k.buyer_id FROM guest_buyer_keys k WHERE k.key IN ('e:' || NEW.email, 'p:' || NEW.phone_key));
  RETURN NULL;
END $$;

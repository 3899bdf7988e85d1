-- Guest buyers: an order without an e-mail (staff take phone, WhatsApp and counter orders for a buyer
-- who may give none) has no e-mail key. The empty e-mail was read as the key 'e:', which every such
-- order shares, so all of those buyers became one person. A person is now found by the order's e-mail
-- key or phone key, whichever it has; the bulk rebuild skips the empty e-mail the same way.
CREATE OR REPLACE FUNCTION flora_guest_add(o orders) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  mail text := nullif(lower(btrim(o.customer_email)), '');
  ek text := 'e:' || nullif(lower(btrim(o.customer_email)), '');
  pk text := 'p:' || o.customer_phone_key;
  b integer;
BEGIN
  SELECT buyer_id INTO b FROM guest_buyer_keys WHERE key IN (ek, pk) ORDER BY buyer_id LIMIT 1;
  IF b IS NULL THEN
    INSERT INTO guest_buyers (user_id, name, email, phone, orders_count, first_order_at, last_order_at)
    VALUES (flora_account_for(mail, o.customer_phone_key), o.customer_name, o.customer_email, o.customer_phone, 0, o.created_at, o.created_at)
    RETURNING id INTO b;
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
-- One guest order less: its person is the holder of its e-mail key or, without an e-mail, its phone
-- key (an order's keys all belong to one person: adding the order joined their holders).
CREATE OR REPLACE FUNCTION flora_guest_remove(o orders) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b integer;
  n integer;
  first_at timestamptz;
  last_at timestamptz;
BEGIN
  SELECT buyer_id INTO b FROM guest_buyer_keys
    WHERE key IN ('e:' || nullif(lower(btrim(o.customer_email)), ''), 'p:' || o.customer_phone_key) ORDER BY buyer_id LIMIT 1;
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
CREATE OR REPLACE FUNCTION flora_rebuild_guest_buyers() RETURNS void LANGUAGE plpgsql AS $$
DECLARE changed integer;
BEGIN
  DELETE FROM guest_buyer_keys;
  DELETE FROM guest_buyers;
  CREATE TEMP TABLE flora_gk ON COMMIT DROP AS
    SELECT o.id AS order_id, k.key, o.id AS label
    FROM orders o, LATERAL (VALUES ('e:' || nullif(lower(btrim(o.customer_email)), '')), ('p:' || o.customer_phone_key)) k(key)
    WHERE o.user_id IS NULL AND k.key IS NOT NULL;
  CREATE INDEX ON flora_gk (key);
  CREATE INDEX ON flora_gk (order_id);
  LOOP
    -- Every row of a key takes the key's smallest label, then every row of an order its order's smallest.
    UPDATE flora_gk g SET label = m.label FROM (SELECT key, min(label) AS label FROM flora_gk GROUP BY key) m
      WHERE g.key = m.key AND g.label > m.label;
    GET DIAGNOSTICS changed = ROW_COUNT;
    UPDATE flora_gk g SET label = m.label FROM (SELECT order_id, min(label) AS label FROM flora_gk GROUP BY order_id) m
      WHERE g.order_id = m.order_id AND g.label > m.label;
    EXIT WHEN changed = 0;
  END LOOP;
  CREATE TEMP TABLE flora_gp ON COMMIT DROP AS
    SELECT DISTINCT ON (p.label) p.label, o.customer_name, o.customer_email, o.customer_phone,
           count(*) OVER (PARTITION BY p.label) AS n,
           min(o.created_at) OVER (PARTITION BY p.label) AS first_at,
           max(o.created_at) OVER (PARTITION BY p.label) AS last_at
    FROM (SELECT DISTINCT order_id, label FROM flora_gk) p JOIN orders o ON o.id = p.order_id
    ORDER BY p.label, o.created_at DESC, o.id DESC;
  ALTER TABLE flora_gp ADD COLUMN buyer_id integer DEFAULT nextval(pg_get_serial_sequence('guest_buyers', 'id')), ADD COLUMN user_id integer;
  -- The account of a person: one with one of their e-mails, else one with one of their phones (as flora_account_for).
  UPDATE flora_gp gp SET user_id = x.uid FROM (
    SELECT k.label, coalesce(min(ue.id), min(up.id)) AS uid
    FROM flora_gk k
    LEFT JOIN users ue ON k.key LIKE 'e:%' AND ue.email = substr(k.key, 3)
    LEFT JOIN users up ON k.key LIKE 'p:%' AND up.phone_key = substr(k.key, 3)
    GROUP BY k.label) x
  WHERE x.label = gp.label AND x.uid IS NOT NULL;
  INSERT INTO guest_buyers (id, user_id, name, email, phone, orders_count, first_order_at, last_order_at)
    SELECT gp.buyer_id, gp.user_id, gp.customer_name, gp.customer_email, gp.customer_phone, gp.n, gp.first_at, gp.last_at
    FROM flora_gp gp;
  INSERT INTO guest_buyer_keys (key, buyer_id)
    SELECT DISTINCT k.key, gp.buyer_id FROM flora_gk k JOIN flora_gp gp ON gp.label = k.label;
  DROP TABLE flora_gk;
  DROP TABLE flora_gp;
END $$;
--> statement-breakpoint
-- Buyers joined by the empty e-mail are split again; a database without any keeps its guests' ids.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM guest_buyer_keys WHERE key = 'e:') THEN PERFORM flora_rebuild_guest_buyers(); END IF;
END $$;

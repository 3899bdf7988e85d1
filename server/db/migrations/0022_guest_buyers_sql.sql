-- Guest buyers (schema.ts: guest_buyers, guest_buyer_keys): one row per person who ordered without an
-- account, kept by triggers in the writing transaction. A guest order's e-mail (lower-cased) and
-- canonical phone are the person's keys; an order sharing a key with two people joins them into one.
-- A person whose e-mail or phone is an account's is linked to that account (user_id), also when the
-- account is created or changed later. Keys are claimed with INSERT … ON CONFLICT and read again, so two
-- checkouts of one new guest at once end as one person (READ COMMITTED sees the other's commit).

-- The account of an e-mail (users.email is stored lower-cased) or, failing that, of a canonical phone.
CREATE FUNCTION flora_account_for(mail text, phone text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT id FROM (
    SELECT id, 0 AS rank FROM users WHERE email = mail
    UNION ALL
    SELECT id, 1 FROM users WHERE phone IS NOT NULL AND phone_key = phone
  ) u ORDER BY rank, id LIMIT 1;
$$;
--> statement-breakpoint
-- Joins person `gone` into `kept` (keys, counts, the newer display fields, the link); returns `kept`.
CREATE FUNCTION flora_guest_merge(kept integer, gone integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE g guest_buyers%ROWTYPE;
BEGIN
  IF kept = gone THEN RETURN kept; END IF;
  UPDATE guest_buyer_keys SET buyer_id = kept WHERE buyer_id = gone;
  DELETE FROM guest_buyers WHERE id = gone RETURNING * INTO g;
  IF NOT FOUND THEN RETURN kept; END IF;
  UPDATE guest_buyers b SET
    orders_count = b.orders_count + g.orders_count,
    first_order_at = least(b.first_order_at, g.first_order_at),
    last_order_at = greatest(b.last_order_at, g.last_order_at),
    name = CASE WHEN g.last_order_at > b.last_order_at THEN g.name ELSE b.name END,
    email = CASE WHEN g.last_order_at > b.last_order_at THEN g.email ELSE b.email END,
    phone = CASE WHEN g.last_order_at > b.last_order_at THEN g.phone ELSE b.phone END,
    user_id = coalesce(b.user_id, g.user_id)
  WHERE b.id = kept;
  RETURN kept;
END $$;
--> statement-breakpoint
-- Gives `k` to person `b`; when another person holds it already, the two become one (the survivor is returned).
CREATE FUNCTION flora_guest_claim(k text, b integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE owner integer;
BEGIN
  IF k IS NULL THEN RETURN b; END IF;
  INSERT INTO guest_buyer_keys (key, buyer_id) VALUES (k, b) ON CONFLICT (key) DO NOTHING;
  SELECT buyer_id INTO owner FROM guest_buyer_keys WHERE key = k;
  IF owner IS NULL OR owner = b THEN RETURN b; END IF;
  RETURN flora_guest_merge(least(owner, b), greatest(owner, b));
END $$;
--> statement-breakpoint
-- One more guest order for its person (made or found by the order's keys).
CREATE FUNCTION flora_guest_add(o orders) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  mail text := lower(btrim(o.customer_email));
  ek text := 'e:' || lower(btrim(o.customer_email));
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
-- One guest order less (deleted, or now an account's): the person's figures are read again from the
-- orders their keys match; a person left without orders goes (with their keys).
CREATE FUNCTION flora_guest_remove(o orders) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b integer;
  n integer;
  first_at timestamptz;
  last_at timestamptz;
BEGIN
  SELECT buyer_id INTO b FROM guest_buyer_keys WHERE key = 'e:' || lower(btrim(o.customer_email));
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
CREATE FUNCTION flora_orders_guest_buyers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.user_id IS NOT DISTINCT FROM NEW.user_id AND OLD.customer_email IS NOT DISTINCT FROM NEW.customer_email
     AND OLD.customer_phone_key IS NOT DISTINCT FROM NEW.customer_phone_key AND OLD.customer_name IS NOT DISTINCT FROM NEW.customer_name THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.user_id IS NULL THEN PERFORM flora_guest_remove(OLD); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.user_id IS NULL THEN PERFORM flora_guest_add(NEW); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_guest_buyers AFTER INSERT OR DELETE OR UPDATE OF user_id, customer_email, customer_phone, customer_name ON orders
  FOR EACH ROW EXECUTE FUNCTION flora_orders_guest_buyers();
--> statement-breakpoint
-- An account created, or its e-mail or phone changed: the guests with its keys are linked to it, and
-- the ones linked by a key it no longer has are let go.
CREATE FUNCTION flora_users_guest_buyers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE guest_buyers b SET user_id = NULL
      WHERE b.user_id = NEW.id AND NOT EXISTS (
        SELECT 1 FROM guest_buyer_keys k WHERE k.buyer_id = b.id AND (k.key = 'e:' || NEW.email OR k.key = 'p:' || NEW.phone_key));
  END IF;
  UPDATE guest_buyers b SET user_id = NEW.id
    WHERE b.user_id IS NULL AND b.id IN (SELECT k.buyer_id FROM guest_buyer_keys k WHERE k.key IN ('e:' || NEW.email, 'p:' || NEW.phone_key));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_guest_buyers_insert AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION flora_users_guest_buyers();
--> statement-breakpoint
CREATE TRIGGER users_guest_buyers_update AFTER UPDATE OF email, phone ON users
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone) EXECUTE FUNCTION flora_users_guest_buyers();
--> statement-breakpoint
-- Builds the guest buyers again from every guest order, in bulk (this migration, and a load made with
-- triggers off, e.g. the admin benchmark's seed): each guest order starts as its own group, then groups
-- sharing a key take the smallest label until nothing changes (the connected orders of each person),
-- and each group becomes one person with its keys, figures, latest details and account.
CREATE FUNCTION flora_rebuild_guest_buyers() RETURNS void LANGUAGE plpgsql AS $$
DECLARE changed integer;
BEGIN
  DELETE FROM guest_buyer_keys;
  DELETE FROM guest_buyers;
  CREATE TEMP TABLE flora_gk ON COMMIT DROP AS
    SELECT o.id AS order_id, k.key, o.id AS label
    FROM orders o, LATERAL (VALUES ('e:' || lower(btrim(o.customer_email))), ('p:' || o.customer_phone_key)) k(key)
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
SELECT flora_rebuild_guest_buyers();

-- Raised by the checkout's last statement (server/modules/checkout/order-write.ts) when a product is
-- short or its price moved: the error aborts the statement and its transaction, so the COMMIT that
-- the server already sent behind it (no round trip through Node while the stock rows are locked)
-- ends as a rollback. DETAIL carries what the server needs to word its refusal.
CREATE FUNCTION flora_checkout_refused(detail text) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'checkout refused' USING ERRCODE = 'FL409', DETAIL = detail;
END;
$$;

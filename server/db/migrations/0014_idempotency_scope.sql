DROP INDEX "orders_idempotency_uq";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_scope" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_uq" ON "orders" USING btree ("idempotency_scope","idempotency_key");
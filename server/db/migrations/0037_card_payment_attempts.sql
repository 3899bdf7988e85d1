CREATE TABLE "card_payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"oid" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"hold_until" timestamp with time zone NOT NULL,
	"transaction_id" text,
	"auth_code" text,
	"masked_card" text,
	"message" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_payment_attempts" ADD CONSTRAINT "card_payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payment_attempts_oid_uq" ON "card_payment_attempts" USING btree ("oid");--> statement-breakpoint
CREATE INDEX "card_payment_attempts_order_idx" ON "card_payment_attempts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "card_payment_attempts_waiting_idx" ON "card_payment_attempts" USING btree ("hold_until") WHERE "card_payment_attempts"."status" in ('waiting', 'declined');
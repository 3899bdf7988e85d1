CREATE TABLE "order_deliveries" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"driver_id" integer,
	"stop_position" integer DEFAULT 0 NOT NULL,
	"outcome" text,
	"failure_reason" text,
	"photo_key" text,
	"photo_widths" jsonb,
	"outcome_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_deliveries_outcome_ck" CHECK ("order_deliveries"."outcome" in ('delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_deliveries_driver_idx" ON "order_deliveries" USING btree ("driver_id","stop_position");
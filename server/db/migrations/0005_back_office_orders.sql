CREATE TABLE "customer_order_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_by_category" (
	"order_status" text NOT NULL,
	"category_id" integer NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_by_category_order_status_category_id_pk" PRIMARY KEY("order_status","category_id")
);
--> statement-breakpoint
CREATE TABLE "sales_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"order_status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_hourly_hour_order_status_pk" PRIMARY KEY("hour","order_status")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "sales_hourly_status_hour_idx" ON "sales_hourly" USING btree ("order_status","hour");--> statement-breakpoint
CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_customized_created_idx" ON "orders" USING btree ("is_customized","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_delivery_date_idx" ON "orders" USING btree ("delivery_date","delivery_city");--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX "orders_customer_trgm_idx" ON "orders" USING gin (lower("customer_name" || ' ' || "customer_email") gin_trgm_ops);
CREATE TABLE "rollup_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"day" date NOT NULL,
	"order_status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"customized_orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_day_order_status_pk" PRIMARY KEY("day","order_status")
);
--> statement-breakpoint
CREATE TABLE "sales_monthly" (
	"month" date NOT NULL,
	"order_status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"customized_orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_monthly_month_order_status_pk" PRIMARY KEY("month","order_status")
);
--> statement-breakpoint
CREATE INDEX "sales_daily_status_day_idx" ON "sales_daily" USING btree ("order_status","day");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");
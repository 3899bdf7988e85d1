CREATE TABLE "delivery_slot_days" (
	"day" date NOT NULL,
	"slot_key" text NOT NULL,
	CONSTRAINT "delivery_slot_days_day_slot_key_pk" PRIMARY KEY("day","slot_key")
);
--> statement-breakpoint
CREATE TABLE "delivery_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"starts" text NOT NULL,
	"ends" text NOT NULL,
	"names" jsonb,
	"capacity" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_zone_slots" (
	"zone_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	CONSTRAINT "delivery_zone_slots_zone_id_slot_id_pk" PRIMARY KEY("zone_id","slot_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method" text DEFAULT 'delivery' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot_names" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot_starts" text;--> statement-breakpoint
ALTER TABLE "delivery_zone_slots" ADD CONSTRAINT "delivery_zone_slots_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zone_slots" ADD CONSTRAINT "delivery_zone_slots_slot_id_delivery_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."delivery_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_slots_key_uq" ON "delivery_slots" USING btree ("key");--> statement-breakpoint
CREATE INDEX "delivery_zone_slots_slot_idx" ON "delivery_zone_slots" USING btree ("slot_id");--> statement-breakpoint
-- hand-written
-- The shop's delivery hours (9:00-20:00) in three default slots, labels written from their times, no limit.
INSERT INTO "delivery_slots" ("key", "starts", "ends", "sort_order") VALUES
  ('0900-1200', '09:00', '12:00', 1),
  ('1200-1500', '12:00', '15:00', 2),
  ('1500-2000', '15:00', '20:00', 3)
ON CONFLICT ("key") DO NOTHING;

CREATE TABLE "guest_buyer_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_buyers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"first_order_at" timestamp with time zone NOT NULL,
	"last_order_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_customer_trgm_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_phone_key" text GENERATED ALWAYS AS (nullif(regexp_replace(regexp_replace(regexp_replace(customer_phone, '[^0-9]', '', 'g'), '^(00212|212(?=[0-9]{9})|00)', ''), '^0', ''), '')) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recipient_phone_key" text GENERATED ALWAYS AS (nullif(regexp_replace(regexp_replace(regexp_replace(recipient_phone, '[^0-9]', '', 'g'), '^(00212|212(?=[0-9]{9})|00)', ''), '^0', ''), '')) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (btrim(regexp_replace(replace(replace(replace(replace(lower(translate(coalesce(customer_name, '') || ' ' || coalesce(customer_email, '') || ' ' || coalesce(recipient_name, ''), 'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈĊČçćĉċčĎďÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĥÌÍÎÏĨĪĬĮİìíîïĩīĭįĴĵĶķĹĻĽĺļľÑŃŅŇñńņňÒÓÔÕÖŌŎŐòóôõöōŏőŔŖŘŕŗřŚŜŞŠśŝşšŢŤţťÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŸŶýÿŷŹŻŽźżžأإآٱؤئةىًٌٍَُِّْٰٕٖٜٟٓٔٗ٘ٙٚٛٝٞـء', 'AAAAAAAAAaaaaaaaaaCCCCCcccccDdEEEEEEEEEeeeeeeeeeGGGGggggHhIIIIIIIIIiiiiiiiiJjKkLLLlllNNNNnnnnOOOOOOOOooooooooRRRrrrSSSSssssTTttUUUUUUUUUUuuuuuuuuuuWwYYYyyyZZZzzzااااويهي')), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), '\s+', ' ', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_key" text GENERATED ALWAYS AS (nullif(regexp_replace(regexp_replace(regexp_replace(phone, '[^0-9]', '', 'g'), '^(00212|212(?=[0-9]{9})|00)', ''), '^0', ''), '')) STORED;--> statement-breakpoint
ALTER TABLE "guest_buyer_keys" ADD CONSTRAINT "guest_buyer_keys_buyer_id_guest_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."guest_buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_buyers" ADD CONSTRAINT "guest_buyers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_buyer_keys_buyer_idx" ON "guest_buyer_keys" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "guest_buyers_user_idx" ON "guest_buyers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "guest_buyers_unlinked_first_idx" ON "guest_buyers" USING btree ("first_order_at","id") WHERE "guest_buyers"."user_id" is null;--> statement-breakpoint
CREATE INDEX "orders_customer_phone_key_idx" ON "orders" USING btree ("customer_phone_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_recipient_phone_key_idx" ON "orders" USING btree ("recipient_phone_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_search_text_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_key_idx" ON "users" USING btree ("phone_key");
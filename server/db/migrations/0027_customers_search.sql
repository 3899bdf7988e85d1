CREATE INDEX "guest_buyer_keys_key_trgm_idx" ON "guest_buyer_keys" USING gin ("key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "guest_buyers_name_trgm_idx" ON "guest_buyers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_key_pattern_idx" ON "users" USING btree ("phone_key" text_pattern_ops);
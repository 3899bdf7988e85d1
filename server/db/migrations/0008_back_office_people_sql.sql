-- Testimonials written before author_name existed keep the name their author had at migration time.
UPDATE "testimonials" t SET "author_name" = u."name" FROM "users" u WHERE u."id" = t."user_id" AND t."author_name" = '';
--> statement-breakpoint
-- The contact page's address and opening hours, until now fixed texts, become shop settings with the
-- same words; phone, WhatsApp and e-mail stay unset so the configuration's values apply until saved.
INSERT INTO "shop_settings" ("key", "value") VALUES ('contact', '{"address":{"fr":"Atelier Flora Maroc, Agdal, 10090 Rabat, Maroc","en":"Flora Maroc workshop, Agdal, 10090 Rabat, Morocco","ar":"ورشة فلورا المغرب، أكدال، 10090 الرباط، المغرب"},"opening_hours":{"fr":"Tous les jours, de 9 h à 20 h","en":"Every day, 9 am to 8 pm","ar":"كل يوم، من الساعة 9:00 إلى الساعة 20:00"},"instagram":"","facebook":""}'::jsonb) ON CONFLICT ("key") DO NOTHING;

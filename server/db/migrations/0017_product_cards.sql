CREATE TABLE "card_generation" (
	"id" smallint PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_cards" (
	"product_id" integer NOT NULL,
	"locale" text NOT NULL,
	"format" smallint NOT NULL,
	"generation" bigint NOT NULL,
	"stamp" bigint NOT NULL,
	"card" text NOT NULL,
	CONSTRAINT "product_cards_product_id_locale_pk" PRIMARY KEY("product_id","locale")
);
--> statement-breakpoint
ALTER TABLE "product_cards" ADD CONSTRAINT "product_cards_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "card_generation" ("id", "n") VALUES (1, 0);--> statement-breakpoint
-- A name a card shows beside the product's own (its category, subcategory, colours, in any language)
-- changed: every kept card is out of date. One statement-level trigger per table moves the generation
-- (renames are rare; cards are rebuilt as they are read). Product saves move products.updated_at.
CREATE FUNCTION "bump_card_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "card_generation" SET "n" = "n" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "categories_cards" AFTER UPDATE OF "name" OR DELETE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_card_generation"();--> statement-breakpoint
CREATE TRIGGER "category_translations_cards" AFTER INSERT OR UPDATE OR DELETE ON "category_translations"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_card_generation"();--> statement-breakpoint
-- A subcategory moved to another category takes its products along (products.category_id changes
-- without a product save).
CREATE TRIGGER "subcategories_cards" AFTER UPDATE OF "name", "category_id" OR DELETE ON "subcategories"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_card_generation"();--> statement-breakpoint
CREATE TRIGGER "subcategory_translations_cards" AFTER INSERT OR UPDATE OR DELETE ON "subcategory_translations"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_card_generation"();--> statement-breakpoint
CREATE TRIGGER "colors_cards" AFTER UPDATE OF "name", "hex_code", "is_active", "sort_order" OR DELETE ON "colors"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_card_generation"();--> statement-breakpoint
CREATE TRIGGER "color_translations_cards" AFTER INSERT OR UPDATE OR DELETE ON "color_translations"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_card_generation"();

ALTER TABLE "legal_texts" DROP CONSTRAINT "legal_texts_version_check";--> statement-breakpoint
DROP INDEX "legal_texts_kind_version_idx";--> statement-breakpoint
ALTER TABLE "legal_texts" ADD COLUMN "lang" text DEFAULT 'de' NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_texts" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_orders" ADD COLUMN "lang" text DEFAULT 'de' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_texts_kind_version_idx" ON "legal_texts" USING btree ("kind","lang","version","revision");--> statement-breakpoint
ALTER TABLE "legal_texts" ADD CONSTRAINT "legal_texts_lang_check" CHECK ("legal_texts"."lang" in ('de','fr','it','en') and ("legal_texts"."lang" <> 'de' or "legal_texts"."revision" = 1) and "legal_texts"."revision" > 0);--> statement-breakpoint
ALTER TABLE "legal_texts" ADD CONSTRAINT "legal_texts_version_check" CHECK ("legal_texts"."version" > 0 or ("legal_texts"."lang" <> 'de' and "legal_texts"."version" = 0));--> statement-breakpoint
ALTER TABLE "voucher_orders" ADD CONSTRAINT "voucher_orders_lang_check" CHECK ("voucher_orders"."lang" in ('de','fr','it','en'));
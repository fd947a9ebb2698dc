ALTER TABLE "reservations" ADD COLUMN "lang" text DEFAULT 'de' NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_orders" ADD COLUMN "lang" text DEFAULT 'de' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_lang_check" CHECK ("reservations"."lang" in ('de','fr','it','en'));--> statement-breakpoint
ALTER TABLE "voucher_orders" ADD CONSTRAINT "voucher_orders_lang_check" CHECK ("voucher_orders"."lang" in ('de','fr','it','en'));
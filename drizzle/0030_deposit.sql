ALTER TABLE "offers" ADD COLUMN "deposit_kind" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "deposit_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "deposit_rappen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "balance_days" integer;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "balance_at_venue" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_deposit_kind_check" CHECK ("offers"."deposit_kind" in ('none','percent','fixed'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_deposit_value_check" CHECK ("offers"."deposit_value" >= 0 and ("offers"."deposit_kind" <> 'percent' or "offers"."deposit_value" between 1 and 99));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_deposit_check" CHECK ("reservations"."deposit_rappen" >= 0);
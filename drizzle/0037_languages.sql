ALTER TABLE "reservations" ADD COLUMN "lang" text DEFAULT 'de' NOT NULL;--> statement-breakpoint
-- Checked without holding the table's exclusive lock for a scan: every row has the default already.
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_lang_check" CHECK ("reservations"."lang" in ('de','fr','it','en')) NOT VALID;--> statement-breakpoint
ALTER TABLE "reservations" VALIDATE CONSTRAINT "reservations_lang_check";

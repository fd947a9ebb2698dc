ALTER TABLE "reservations" ADD COLUMN "party_child_name" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "party_child_age" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "party_notes" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_party_age_check" CHECK ("reservations"."party_child_age" is null or "reservations"."party_child_age" between 1 and 18);
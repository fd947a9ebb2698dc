ALTER TABLE "offers" ADD COLUMN "min_charged_children" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_min_charged_children_check" CHECK ("offers"."min_charged_children" between 0 and 50);--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "min_charged_children" integer;

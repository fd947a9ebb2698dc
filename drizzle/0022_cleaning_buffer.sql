-- Cleaning buffer (issue #28 §3): a table stays blocked for the offer's buffer after a party. The
-- booking keeps the buffer it was made with, so a later change of the offer never makes two stored
-- bookings overlap; the exclusion constraint extends each booking's range by its own buffer.
ALTER TABLE "offers" ADD COLUMN "buffer_min" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buffer_min_check" CHECK ("offers"."buffer_min" between 0 and 120);--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "buffer_min" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_buffer_min_check" CHECK ("reservations"."buffer_min" between 0 and 120);--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_no_overlap";--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist ("table_id" WITH =, "date" WITH =, int4range("start_min", "end_min" + "buffer_min") WITH &&)
  WHERE ("table_id" IS NOT NULL AND "status" IN ('held', 'confirmed'));

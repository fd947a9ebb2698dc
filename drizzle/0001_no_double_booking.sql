-- A table can never carry two overlapping active reservations on one day, whatever the application does.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist ("table_id" WITH =, "date" WITH =, int4range("start_min", "end_min") WITH &&)
  WHERE ("table_id" IS NOT NULL AND "status" IN ('held', 'confirmed'));

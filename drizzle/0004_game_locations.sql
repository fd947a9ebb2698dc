CREATE TABLE "game_locations" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"reservation_type" text NOT NULL,
	"price_per_player_round_rappen" integer NOT NULL,
	"package_price_rappen" integer NOT NULL,
	"extra_round_price_rappen" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "game_type" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "players" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "rounds" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_location_id_game_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."game_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A game location hosts one group at a time: no two active bookings of one location may overlap.
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_location_no_overlap"
  EXCLUDE USING gist ("location_id" WITH =, "date" WITH =, int4range("start_min", "end_min") WITH &&)
  WHERE ("location_id" IS NOT NULL AND "status" IN ('held', 'confirmed'));
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_one_resource"
  CHECK (("table_id" IS NULL) OR ("location_id" IS NULL));

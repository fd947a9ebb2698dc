-- Round limits per game location (issue #28 §3): the spec's 1–5 rounds and 3 + up to 3 are the defaults.
ALTER TABLE "game_locations" ADD COLUMN "max_rounds" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_locations" ADD COLUMN "package_rounds" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_locations" ADD COLUMN "package_extra_rounds" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_locations" ADD CONSTRAINT "game_locations_rounds_check" CHECK ("game_locations"."max_rounds" between 1 and 12 AND "game_locations"."package_rounds" between 1 and 12 AND "game_locations"."package_extra_rounds" between 0 and 12 AND "game_locations"."package_rounds" + "game_locations"."package_extra_rounds" <= 12);

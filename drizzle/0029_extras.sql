CREATE TABLE "extras" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_rappen" integer NOT NULL,
	"unit" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_quantity" integer DEFAULT 10 NOT NULL,
	"offer_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"game_package" integer DEFAULT 0 NOT NULL,
	"deadline_days" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extras_unit_check" CHECK ("extras"."unit" in ('piece','child','party')),
	CONSTRAINT "extras_numbers_check" CHECK ("extras"."price_rappen" >= 0 and "extras"."max_quantity" >= 1 and "extras"."deadline_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reservation_extras" (
	"reservation_id" integer NOT NULL,
	"extra_id" integer NOT NULL,
	"choice" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_rappen" integer NOT NULL,
	"deadline_days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reservation_extras_reservation_id_extra_id_choice_pk" PRIMARY KEY("reservation_id","extra_id","choice"),
	CONSTRAINT "reservation_extras_numbers_check" CHECK ("reservation_extras"."quantity" > 0 and "reservation_extras"."unit_price_rappen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "extras_rappen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_extras" ADD CONSTRAINT "reservation_extras_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_extras" ADD CONSTRAINT "reservation_extras_extra_id_extras_id_fk" FOREIGN KEY ("extra_id") REFERENCES "public"."extras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_extras_check" CHECK ("reservations"."extras_rappen" >= 0);
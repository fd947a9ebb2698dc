CREATE TABLE "reservation_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"staff_id" integer,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "arrival" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "arrival_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "paid_at_venue_rappen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_notes" ADD CONSTRAINT "reservation_notes_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_notes" ADD CONSTRAINT "reservation_notes_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_notes_reservation_idx" ON "reservation_notes" USING btree ("reservation_id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_arrival_check" CHECK ("reservations"."arrival" is null or "reservations"."arrival" in ('arrived','no_show'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_paid_at_venue_check" CHECK ("reservations"."paid_at_venue_rappen" >= 0);--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_channel_check" CHECK ("reservations"."channel" in ('online','phone'));
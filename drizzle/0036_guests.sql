CREATE TABLE "guest_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"token_hash" text NOT NULL,
	"bring" text DEFAULT '' NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"edit_token_hash" text NOT NULL,
	"invitation_version" integer DEFAULT 1 NOT NULL,
	"child_name" text NOT NULL,
	"attending" integer NOT NULL,
	"attending_since" timestamp with time zone,
	"allergies" text DEFAULT '' NOT NULL,
	"meals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"photo_consent" integer NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"host_declined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_replies_flags_check" CHECK ("guest_replies"."attending" in (0,1) and "guest_replies"."photo_consent" in (0,1))
);
--> statement-breakpoint
CREATE TABLE "privacy_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"guests_deleted" integer NOT NULL,
	"invitations_deleted" integer NOT NULL,
	"bookings_anonymised" integer NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "guest_retention_days" integer;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "booking_retention_months" integer;--> statement-breakpoint
ALTER TABLE "guest_invitations" ADD CONSTRAINT "guest_invitations_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_replies" ADD CONSTRAINT "guest_replies_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_invitations_reservation_key" ON "guest_invitations" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_invitations_hash_key" ON "guest_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_replies_edit_hash_key" ON "guest_replies" USING btree ("edit_token_hash");--> statement-breakpoint
CREATE INDEX "guest_replies_reservation_idx" ON "guest_replies" USING btree ("reservation_id");
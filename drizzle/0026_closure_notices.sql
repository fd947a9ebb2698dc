-- Closures reach families (issue #29 §3): which closure a booking was told about, for which date and
-- when, and whether its cancellation was the venue's (shown as «von der Anlage abgesagt»).
ALTER TABLE "reservations" ADD COLUMN "closure_notice_id" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "closure_notice_date" date;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "closure_noticed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "venue_cancelled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "reservations_closure_notice_idx" ON "reservations" ("closure_notice_id") WHERE "closure_notice_id" IS NOT NULL;

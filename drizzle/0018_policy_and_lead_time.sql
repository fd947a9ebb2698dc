ALTER TABLE "offers" ADD COLUMN "lead_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "self_service_hours" integer;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "late_cancel_fee_percent" integer;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "reminder_hours" integer;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "game_lead_hours" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_lead_hours_check" CHECK ("offers"."lead_hours" between 0 and 720);

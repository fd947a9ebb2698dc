CREATE TABLE "payment_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "mail_outbox_pending_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_reminder_once";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reservation_sequence" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "skipped_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (keep when renumbering): reminders queued before this migration count for the booking's current date, so none is sent twice.
UPDATE "mail_outbox" SET "reservation_sequence" = "reservations"."sequence" FROM "reservations" WHERE "mail_outbox"."reservation_id" = "reservations"."id" AND "mail_outbox"."kind" = 'reminder';--> statement-breakpoint
ALTER TABLE "payment_tokens" ADD CONSTRAINT "payment_tokens_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_tokens_hash_key" ON "payment_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "payment_tokens_reservation_idx" ON "payment_tokens" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."skipped_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_reminder_once" ON "mail_outbox" USING btree ("reservation_id","reservation_sequence") WHERE "mail_outbox"."kind" = 'reminder';
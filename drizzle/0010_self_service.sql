CREATE TABLE "manage_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "manage_tokens" ADD CONSTRAINT "manage_tokens_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manage_tokens_hash_key" ON "manage_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "manage_tokens_reservation_idx" ON "manage_tokens" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_reminder_once" ON "mail_outbox" USING btree ("reservation_id","kind") WHERE "mail_outbox"."kind" = 'reminder';--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_ledger_cancel_credit_once" ON "voucher_ledger" USING btree ("reservation_id") WHERE "voucher_ledger"."kind" in ('staff-restore', 'cancel-credit');
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"reservation_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancelled_by" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_reservation_idx" ON "audit_log" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_email_key" ON "staff_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_ledger_staff_restore_once" ON "voucher_ledger" USING btree ("reservation_id") WHERE "voucher_ledger"."kind" = 'staff-restore';
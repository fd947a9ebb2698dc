CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"reservation_id" integer NOT NULL,
	"amount_rappen" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_date" date NOT NULL,
	"iban" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_at" timestamp with time zone,
	"snapshot" jsonb NOT NULL,
	"created_by" integer,
	CONSTRAINT "invoices_amount_check" CHECK ("invoices"."amount_rappen" > 0),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('open','paid','cancelled'))
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "bank_rappen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "paid_by_invoice_rappen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_reference_key" ON "invoices" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_open_once" ON "invoices" USING btree ("reservation_id") WHERE "invoices"."status" = 'open';--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","due_date");
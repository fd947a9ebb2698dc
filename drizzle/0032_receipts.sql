CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"reservation_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"total_rappen" integer NOT NULL,
	"vat_rate_bp" integer,
	"vat_rappen" integer DEFAULT 0 NOT NULL,
	"online_rappen" integer DEFAULT 0 NOT NULL,
	"refund_rappen" integer DEFAULT 0 NOT NULL,
	"voucher_credit_rappen" integer DEFAULT 0 NOT NULL,
	"voucher_rappen" integer DEFAULT 0 NOT NULL,
	"venue_rappen" integer DEFAULT 0 NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "receipts_kind_check" CHECK ("receipts"."kind" in ('receipt','credit_note')),
	CONSTRAINT "receipts_total_check" CHECK ("receipts"."total_rappen" > 0 and "receipts"."vat_rappen" >= 0 and "receipts"."vat_rappen" <= "receipts"."total_rappen")
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"valid_from" date NOT NULL,
	"rate_bp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "vat_rates_rate_check" CHECK ("vat_rates"."rate_bp" >= 0 and "vat_rates"."rate_bp" <= 5000)
);
--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "vat_mode" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_key" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE INDEX "receipts_reservation_idx" ON "receipts" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "receipts_issued_idx" ON "receipts" USING btree ("issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vat_rates_valid_from_key" ON "vat_rates" USING btree ("valid_from");--> statement-breakpoint
INSERT INTO "vat_rates" ("valid_from", "rate_bp") VALUES ('2018-01-01', 770), ('2024-01-01', 810);

CREATE TABLE "birthday_tables" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"seats" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"ics" text,
	"ics_method" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base_price_rappen" integer NOT NULL,
	"slot_minutes" integer NOT NULL,
	"items" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opening_hours" (
	"weekday" integer PRIMARY KEY NOT NULL,
	"open_min" integer NOT NULL,
	"close_min" integer NOT NULL,
	"birthdays" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"refno" text NOT NULL,
	"amount_rappen" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"provider_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"date" date NOT NULL,
	"start_min" integer NOT NULL,
	"end_min" integer NOT NULL,
	"table_id" integer,
	"num_children" integer DEFAULT 0 NOT NULL,
	"num_active_adults" integer DEFAULT 0 NOT NULL,
	"num_accompanying_adults" integer DEFAULT 0 NOT NULL,
	"offer_id" integer,
	"offer_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"street" text NOT NULL,
	"zip" text NOT NULL,
	"city" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"message" text,
	"price_rappen" integer NOT NULL,
	"discount_rappen" integer DEFAULT 0 NOT NULL,
	"amount_rappen" integer NOT NULL,
	"voucher_id" integer,
	"voucher_code" text,
	"status" text NOT NULL,
	"payment_status" text DEFAULT 'none' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('held','confirmed','cancelled','expired')),
	CONSTRAINT "reservations_time_check" CHECK ("reservations"."start_min" < "reservations"."end_min"),
	CONSTRAINT "reservations_amounts_check" CHECK ("reservations"."discount_rappen" >= 0 and "reservations"."amount_rappen" = "reservations"."price_rappen" - "reservations"."discount_rappen")
);
--> statement-breakpoint
CREATE TABLE "simulated_transactions" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"refno" text NOT NULL,
	"amount_rappen" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"error_url" text NOT NULL,
	"webhook_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"reservation_id" integer,
	"amount_rappen" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"initial_rappen" integer NOT NULL,
	"remaining_rappen" integer NOT NULL,
	"valid_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_at" timestamp with time zone,
	CONSTRAINT "vouchers_remaining_nonnegative" CHECK ("vouchers"."remaining_rappen" >= 0),
	CONSTRAINT "vouchers_remaining_le_initial" CHECK ("vouchers"."remaining_rappen" <= "vouchers"."initial_rappen")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_table_id_birthday_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."birthday_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_ledger" ADD CONSTRAINT "voucher_ledger_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_ledger" ADD CONSTRAINT "voucher_ledger_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_key" ON "payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payments_reservation_idx" ON "payments" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_code_key" ON "reservations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "reservations_date_idx" ON "reservations" USING btree ("date","status");--> statement-breakpoint
CREATE INDEX "reservations_hold_idx" ON "reservations" USING btree ("hold_expires_at") WHERE "reservations"."status" = 'held';--> statement-breakpoint
CREATE INDEX "voucher_ledger_voucher_idx" ON "voucher_ledger" USING btree ("voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_key" ON "vouchers" USING btree ("code");
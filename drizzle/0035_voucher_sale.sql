CREATE TABLE "voucher_order_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_order_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"amount_rappen" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"validity_months" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"voucher_id" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_orders_amount_check" CHECK ("voucher_orders"."amount_rappen" > 0),
	CONSTRAINT "voucher_orders_paid_check" CHECK (("voucher_orders"."status" = 'paid') = ("voucher_orders"."voucher_id" is not null) and "voucher_orders"."status" in ('open','paid'))
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_check";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "reservation_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "voucher_order_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "voucher_order_id" integer;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "voucher_sale" jsonb;--> statement-breakpoint
ALTER TABLE "voucher_order_links" ADD CONSTRAINT "voucher_order_links_voucher_order_id_voucher_orders_id_fk" FOREIGN KEY ("voucher_order_id") REFERENCES "public"."voucher_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_orders" ADD CONSTRAINT "voucher_orders_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_order_links_token_key" ON "voucher_order_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "voucher_order_links_order_idx" ON "voucher_order_links" USING btree ("voucher_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_orders_voucher_key" ON "voucher_orders" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "voucher_orders_created_idx" ON "voucher_orders" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_voucher_order_id_voucher_orders_id_fk" FOREIGN KEY ("voucher_order_id") REFERENCES "public"."voucher_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_voucher_order_id_voucher_orders_id_fk" FOREIGN KEY ("voucher_order_id") REFERENCES "public"."voucher_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_voucher_once" ON "mail_outbox" USING btree ("voucher_order_id") WHERE "mail_outbox"."kind" = 'voucher-sold';--> statement-breakpoint
CREATE INDEX "payments_voucher_order_idx" ON "payments" USING btree ("voucher_order_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_owner_check" CHECK (("payments"."kind" = 'voucher') = ("payments"."voucher_order_id" is not null) and ("payments"."reservation_id" is null) = ("payments"."voucher_order_id" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('booking','balance','voucher'));
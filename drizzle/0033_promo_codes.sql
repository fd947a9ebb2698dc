CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"max_uses" integer,
	"max_uses_per_email" integer,
	"offer_ids" jsonb,
	"games" integer DEFAULT 0 NOT NULL,
	"weekdays" jsonb,
	"active" integer DEFAULT 1 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "promo_codes_kind_check" CHECK (("promo_codes"."kind" = 'percent' and "promo_codes"."value" between 1 and 10000) or ("promo_codes"."kind" = 'fixed' and "promo_codes"."value" > 0)),
	CONSTRAINT "promo_codes_limits_check" CHECK (("promo_codes"."max_uses" is null or "promo_codes"."max_uses" > 0) and ("promo_codes"."max_uses_per_email" is null or "promo_codes"."max_uses_per_email" > 0))
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"email" text NOT NULL,
	"discount_rappen" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_id_promo_codes_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_reservation_key" ON "promo_redemptions" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_promo_idx" ON "promo_redemptions" USING btree ("promo_id","email");
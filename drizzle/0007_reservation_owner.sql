ALTER TABLE "reservations" ADD COLUMN "owner_token_hash" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "reservations_held_client_idx" ON "reservations" USING btree ("client_key") WHERE "reservations"."status" = 'held';--> statement-breakpoint
CREATE INDEX "reservations_held_email_idx" ON "reservations" USING btree (lower("email")) WHERE "reservations"."status" = 'held';
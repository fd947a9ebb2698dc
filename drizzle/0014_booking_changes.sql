-- Booking changes with a price difference (issue #14 §4): partial refunds per payment, and the held
-- row that claims a new slot while the family pays the difference (moves_reservation_id).
ALTER TABLE "payments" ADD COLUMN "refund_due_rappen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_rappen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "moves_reservation_id" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_moves_reservation_id_reservations_id_fk" FOREIGN KEY ("moves_reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_moves_idx" ON "reservations" USING btree ("moves_reservation_id") WHERE "reservations"."moves_reservation_id" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunds_check" CHECK ("payments"."refund_due_rappen" >= 0 and "payments"."refunded_rappen" >= 0 and "payments"."refund_due_rappen" + "payments"."refunded_rappen" <= "payments"."amount_rappen");
-- Staff correct bookings with their money (issue #29 §2): an open balance to be paid at the venue on
-- top of an online payment, a staff discount or surcharge with its reason, and the part of a payment
-- given back as a voucher instead of to the card (no longer refundable). The reason a family was told
-- when the venue cannot hold its booking (a closure or changed opening hours, issue #29 §3). A payment's
-- kind: a booking's, or the open balance of a confirmed booking paid through a link.
ALTER TABLE "payments" DROP CONSTRAINT "payments_refunds_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" text DEFAULT 'booking' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "voucher_credited_rappen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "open_balance_rappen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "price_adjust_rappen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "price_adjust_reason" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "closure_notice_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('booking','balance'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunds_check" CHECK ("payments"."refund_due_rappen" >= 0 and "payments"."refunded_rappen" >= 0 and "payments"."voucher_credited_rappen" >= 0 and "payments"."refund_due_rappen" + "payments"."refunded_rappen" + "payments"."voucher_credited_rappen" <= "payments"."amount_rappen");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_open_balance_check" CHECK ("reservations"."open_balance_rappen" >= 0);

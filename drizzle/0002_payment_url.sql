ALTER TABLE "payments" ADD COLUMN "payment_url" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_transaction_id" text;
-- The address's country (issue #28 §6); existing bookings are Swiss addresses.
ALTER TABLE "reservations" ADD COLUMN "country" text DEFAULT 'CH' NOT NULL;
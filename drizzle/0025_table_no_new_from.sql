-- A table can stop taking new bookings from a date on, its existing bookings staying (issue #29 §6).
ALTER TABLE "birthday_tables" ADD COLUMN "no_new_from" date;

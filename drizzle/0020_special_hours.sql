CREATE TABLE "special_hours" (
	"date" date PRIMARY KEY NOT NULL,
	"open_min" integer NOT NULL,
	"close_min" integer NOT NULL,
	"birthdays" integer NOT NULL,
	"games" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "special_hours_time_check" CHECK (0 <= "special_hours"."open_min" and "special_hours"."open_min" < "special_hours"."close_min" and "special_hours"."close_min" <= 1440)
);

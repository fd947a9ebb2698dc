-- Legal texts versioned (issue #28 §2): every save is a new row; a booking keeps the AGB version it accepted.
CREATE TABLE "legal_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "legal_texts_kind_check" CHECK ("legal_texts"."kind" IN ('agb', 'impressum', 'datenschutz')),
	CONSTRAINT "legal_texts_version_check" CHECK ("legal_texts"."version" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "legal_texts_kind_version_idx" ON "legal_texts" USING btree ("kind","version");--> statement-breakpoint
CREATE TABLE "email_texts" (
	"kind" text PRIMARY KEY NOT NULL,
	"intro" text NOT NULL,
	"closing" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "agb_version" integer;

CREATE TABLE "venue_translations" (
	"lang" text NOT NULL,
	"source_hash" text NOT NULL,
	"source" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "venue_translations_lang_source_hash_pk" PRIMARY KEY("lang","source_hash"),
	CONSTRAINT "venue_translations_lang_check" CHECK ("venue_translations"."lang" in ('fr','it','en')),
	CONSTRAINT "venue_translations_text_check" CHECK (length("venue_translations"."text") between 1 and 2000 and length("venue_translations"."source") between 1 and 2000)
);

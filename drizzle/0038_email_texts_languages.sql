-- The venue's e-mail texts per language (issue #33 §2): existing rows are the German ones.
ALTER TABLE "email_texts" ADD COLUMN "lang" text DEFAULT 'de' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_texts" DROP CONSTRAINT "email_texts_pkey";--> statement-breakpoint
ALTER TABLE "email_texts" ADD CONSTRAINT "email_texts_kind_lang_pk" PRIMARY KEY("kind","lang");--> statement-breakpoint
ALTER TABLE "email_texts" ADD CONSTRAINT "email_texts_lang_check" CHECK ("email_texts"."lang" in ('de','fr','it','en'));

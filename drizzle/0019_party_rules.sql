ALTER TABLE "offers" ADD COLUMN "min_children" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "max_children" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "max_adults" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_party_rules_check" CHECK (0 <= "offers"."min_children" AND "offers"."min_children" <= "offers"."max_children" AND "offers"."max_children" <= 50 AND "offers"."max_adults" between 0 and 50);

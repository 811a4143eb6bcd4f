-- Languages (decisions.md §8): the account's, a certificate's, and a queued job's.
ALTER TABLE "certificates" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'rw', 'fr', 'sw'));
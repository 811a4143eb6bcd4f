ALTER TABLE "jobs" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "give_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "signin_hash" text;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "other_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "resends" integer DEFAULT 0 NOT NULL;
-- A user's history also says who granted, ended or refunded their Premium, and why (issue 33).
ALTER TABLE "user_events" DROP CONSTRAINT "user_events_kind_check";--> statement-breakpoint
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_kind_check" CHECK ("user_events"."kind" in ('role', 'name', 'email', 'premium'));--> statement-breakpoint
ALTER TABLE "user_events" ADD COLUMN "reason" text;

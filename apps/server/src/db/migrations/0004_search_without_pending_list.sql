-- Trigram indexes without GIN's pending list (fastupdate off): a search no longer reads every
-- row not yet merged into the index, so the planner keeps using the index after many inserts.
-- Rebuilt (drop and create): on a large table this holds a write lock while it builds.
DROP INDEX "blogs_search_idx";--> statement-breakpoint
DROP INDEX "certificates_search_idx";--> statement-breakpoint
DROP INDEX "contact_messages_search_idx";--> statement-breakpoint
DROP INDEX "courses_search_idx";--> statement-breakpoint
DROP INDEX "subscribers_search_idx";--> statement-breakpoint
DROP INDEX "users_search_idx";--> statement-breakpoint
CREATE INDEX "blogs_search_idx" ON "blogs" USING gin ("title" gin_trgm_ops,"content" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "certificates_search_idx" ON "certificates" USING gin ("certificate_code" gin_trgm_ops,"learner_name" gin_trgm_ops,"course_title" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contact_messages_search_idx" ON "contact_messages" USING gin ("full_name" gin_trgm_ops,"email" gin_trgm_ops,"subject" gin_trgm_ops,"message" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "courses_search_idx" ON "courses" USING gin ("title" gin_trgm_ops,"description" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "subscribers_search_idx" ON "subscribers" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("first_name" gin_trgm_ops,"last_name" gin_trgm_ops,"email" gin_trgm_ops,"role" gin_trgm_ops) WITH (fastupdate=false);
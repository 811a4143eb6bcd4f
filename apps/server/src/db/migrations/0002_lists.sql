-- Trigram indexes serve the lists' case-insensitive substring filter (q); pg_trgm is a trusted
-- extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "blogs_title_idx" ON "blogs" USING btree ("title");--> statement-breakpoint
CREATE INDEX "blogs_search_idx" ON "blogs" USING gin ("title" gin_trgm_ops,"content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "certificates_learner_name_idx" ON "certificates" USING btree ("learner_name");--> statement-breakpoint
CREATE INDEX "certificates_course_title_idx" ON "certificates" USING btree ("course_title");--> statement-breakpoint
CREATE INDEX "certificates_search_idx" ON "certificates" USING gin ("certificate_code" gin_trgm_ops,"learner_name" gin_trgm_ops,"course_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_full_name_idx" ON "contact_messages" USING btree ("full_name");--> statement-breakpoint
CREATE INDEX "contact_messages_email_idx" ON "contact_messages" USING btree ("email");--> statement-breakpoint
CREATE INDEX "contact_messages_subject_idx" ON "contact_messages" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "contact_messages_search_idx" ON "contact_messages" USING gin ("full_name" gin_trgm_ops,"email" gin_trgm_ops,"subject" gin_trgm_ops,"message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_created_idx" ON "courses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "courses_title_idx" ON "courses" USING btree ("title");--> statement-breakpoint
CREATE INDEX "courses_search_idx" ON "courses" USING gin ("title" gin_trgm_ops,"description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enrolments_user_created_idx" ON "enrolments" USING btree ("user_id","created_at","course_id");--> statement-breakpoint
CREATE INDEX "subscribers_created_idx" ON "subscribers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "subscribers_email_idx" ON "subscribers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "subscribers_search_idx" ON "subscribers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_first_name_idx" ON "users" USING btree ("first_name");--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree ("last_name");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("first_name" gin_trgm_ops,"last_name" gin_trgm_ops,"email" gin_trgm_ops,"role" gin_trgm_ops);
-- No hot rows (issue 31, point 3): migration 0005's statement triggers made every writer of a
-- listed table update that table's one list_versions row, so all of them queued on its lock.
-- List totals are now counted from the indexes, or estimated for very large tables
-- (lib/pagination.ts).
DROP TRIGGER IF EXISTS "users_list_written" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "courses_list_written" ON "courses";--> statement-breakpoint
DROP TRIGGER IF EXISTS "blogs_list_written" ON "blogs";--> statement-breakpoint
DROP TRIGGER IF EXISTS "certificates_list_written" ON "certificates";--> statement-breakpoint
DROP TRIGGER IF EXISTS "subscribers_list_written" ON "subscribers";--> statement-breakpoint
DROP TRIGGER IF EXISTS "contact_messages_list_written" ON "contact_messages";--> statement-breakpoint
DROP FUNCTION IF EXISTS "ishuri_list_written"();--> statement-breakpoint
DROP TABLE IF EXISTS "list_versions";

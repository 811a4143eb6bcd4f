-- List totals kept while a table does not change (lib/pagination.ts): every statement that
-- writes to a listed table sets that table's version to its transaction's id, in the same
-- transaction, so a reader sees the new version exactly when it sees the new rows.
CREATE TABLE "list_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "list_versions" ("name", "version") VALUES
	('users', txid_current()), ('courses', txid_current()), ('blogs', txid_current()),
	('certificates', txid_current()), ('subscribers', txid_current()),
	('contact_messages', txid_current());--> statement-breakpoint
CREATE FUNCTION "ishuri_list_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "list_versions" SET "version" = txid_current() WHERE "name" = TG_TABLE_NAME;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_list_written" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "ishuri_list_written"();--> statement-breakpoint
CREATE TRIGGER "courses_list_written" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses"
	FOR EACH STATEMENT EXECUTE FUNCTION "ishuri_list_written"();--> statement-breakpoint
CREATE TRIGGER "blogs_list_written" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blogs"
	FOR EACH STATEMENT EXECUTE FUNCTION "ishuri_list_written"();--> statement-breakpoint
CREATE TRIGGER "certificates_list_written" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "certificates"
	FOR EACH STATEMENT EXECUTE FUNCTION "ishuri_list_written"();--> statement-breakpoint
CREATE TRIGGER "subscribers_list_written" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscribers"
	FOR EACH STATEMENT EXECUTE FUNCTION "ishuri_list_written"();--> statement-breakpoint
CREATE TRIGGER "contact_messages_list_written" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contact_messages"
	FOR EACH STATEMENT EXECUTE FUNCTION "ishuri_list_written"();

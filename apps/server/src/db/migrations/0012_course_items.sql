-- One table of course items (issue 31): lessons (parent null) and sub-lessons (parent the
-- lesson) move into "course_items" with their ids, which URLs, progress and attempts name.
-- Progress, quiz attempts and videos then reference their item.
--
-- Positions: unique among the children of one parent from now on. A parent whose children
-- shared a position (allowed before; the order was then position, then id) has its children
-- numbered 1, 2, … in that same order; every other position is kept as it was.
--
-- Orphans: progress rows and quiz attempts whose item no longer exists (deleted before there
-- were references; they count for nothing, no item names them) or belongs to another course are
-- deleted, and their count written to the database's log (RAISE LOG). A video row whose upload
-- no item shows any more keeps a null item: it still lists the files to delete.
CREATE TABLE "course_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"parent_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content_type" text NOT NULL,
	"content" text,
	"video_url" text,
	"quiz" jsonb,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_items_course_id_key" UNIQUE("course_id","id"),
	CONSTRAINT "course_items_position_key" UNIQUE NULLS NOT DISTINCT("course_id","parent_id","position"),
	CONSTRAINT "course_items_content_type_check" CHECK ("course_items"."content_type" in ('text', 'video', 'quiz')),
	CONSTRAINT "course_items_parent_check" CHECK ("course_items"."parent_id" <> "course_items"."id")
);
--> statement-breakpoint
ALTER TABLE "course_items" ADD CONSTRAINT "course_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_items" ADD CONSTRAINT "course_items_parent_fk" FOREIGN KEY ("course_id","parent_id") REFERENCES "public"."course_items"("course_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_items_parent_position_idx" ON "course_items" USING btree ("parent_id","position");--> statement-breakpoint
-- A sub-lesson's parent is a lesson (two levels, never more), whatever writes the row.
CREATE FUNCTION "course_items_parent_is_lesson"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."parent_id" IS NOT NULL AND (
		EXISTS (SELECT 1 FROM "course_items" p WHERE p."id" = NEW."parent_id" AND p."parent_id" IS NOT NULL)
		OR EXISTS (SELECT 1 FROM "course_items" c WHERE c."parent_id" = NEW."id")
	) THEN
		RAISE EXCEPTION 'a sub-lesson''s parent must be a lesson' USING ERRCODE = '23514';
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "course_items_parent_is_lesson" BEFORE INSERT OR UPDATE OF "parent_id" ON "course_items"
	FOR EACH ROW EXECUTE FUNCTION "course_items_parent_is_lesson"();--> statement-breakpoint
INSERT INTO "course_items" ("id", "course_id", "parent_id", "title", "description", "content_type", "content", "video_url", "quiz", "position", "created_at")
SELECT l."id", l."course_id", NULL, l."title", l."description", l."content_type", l."content", l."video_url", l."quiz",
	CASE WHEN EXISTS (SELECT 1 FROM "lessons" a JOIN "lessons" b ON b."course_id" = a."course_id" AND b."position" = a."position" AND b."id" <> a."id" WHERE a."course_id" = l."course_id")
		THEN CAST(row_number() OVER (PARTITION BY l."course_id" ORDER BY l."position", l."id") AS integer)
		ELSE l."position" END,
	l."created_at"
FROM "lessons" l;--> statement-breakpoint
INSERT INTO "course_items" ("id", "course_id", "parent_id", "title", "description", "content_type", "content", "video_url", "quiz", "position", "created_at")
SELECT s."id", l."course_id", s."lesson_id", s."title", s."description", s."content_type", s."content", s."video_url", s."quiz",
	CASE WHEN EXISTS (SELECT 1 FROM "sub_lessons" a JOIN "sub_lessons" b ON b."lesson_id" = a."lesson_id" AND b."position" = a."position" AND b."id" <> a."id" WHERE a."lesson_id" = s."lesson_id")
		THEN CAST(row_number() OVER (PARTITION BY s."lesson_id" ORDER BY s."position", s."id") AS integer)
		ELSE s."position" END,
	s."created_at"
FROM "sub_lessons" s JOIN "lessons" l ON l."id" = s."lesson_id";--> statement-breakpoint
DO $$
DECLARE
	lost_progress integer;
	lost_attempts integer;
BEGIN
	DELETE FROM "progress" p WHERE NOT EXISTS (
		SELECT 1 FROM "course_items" i WHERE i."id" = p."item_id" AND i."course_id" = p."course_id");
	GET DIAGNOSTICS lost_progress = ROW_COUNT;
	DELETE FROM "quiz_attempts" a WHERE NOT EXISTS (
		SELECT 1 FROM "course_items" i WHERE i."id" = a."item_id" AND i."course_id" = a."course_id");
	GET DIAGNOSTICS lost_attempts = ROW_COUNT;
	DELETE FROM "quiz_grants" g WHERE NOT EXISTS (
		SELECT 1 FROM "course_items" i WHERE i."id" = g."item_id" AND i."course_id" = g."course_id");
	RAISE LOG 'course_items: deleted % progress rows and % quiz attempts of items that no longer exist',
		lost_progress, lost_attempts;
END;
$$;--> statement-breakpoint
CREATE INDEX "progress_course_item_idx" ON "progress" USING btree ("course_id","item_id");--> statement-breakpoint
ALTER TABLE "progress" ADD CONSTRAINT "progress_item_fk" FOREIGN KEY ("course_id","item_id") REFERENCES "public"."course_items"("course_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_item_fk" FOREIGN KEY ("course_id","item_id") REFERENCES "public"."course_items"("course_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_grants" ADD CONSTRAINT "quiz_grants_item_fk" FOREIGN KEY ("course_id","item_id") REFERENCES "public"."course_items"("course_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Videos: their own id (existing rows get a random one), the item that shows the upload.
ALTER TABLE "videos" DROP CONSTRAINT "videos_pkey";--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_pkey" PRIMARY KEY ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_source_url_key" ON "videos" USING btree ("source_url");--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "item_id" uuid;--> statement-breakpoint
UPDATE "videos" v SET "item_id" = (
	SELECT i."id" FROM "course_items" i WHERE i."video_url" = v."source_url" ORDER BY i."id" LIMIT 1);--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_item_id_course_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."course_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_item_idx" ON "videos" USING btree ("item_id");--> statement-breakpoint
DROP TABLE "sub_lessons";--> statement-breakpoint
DROP TABLE "lessons";

-- Course resources (issue 34, point 1): files an instructor attaches to a course or one of its
-- lessons, basic (every learner who may read the course) or advanced (Premium); counted when
-- downloaded. A resource of a deleted lesson stays with its course.
CREATE TABLE "course_resources" (
	"id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"item_id" uuid,
	"title" text NOT NULL,
	"storage_key" text NOT NULL,
	"media_type" text NOT NULL,
	"size" integer NOT NULL,
	"level" text DEFAULT 'basic' NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_resources_level_check" CHECK ("course_resources"."level" in ('basic', 'advanced'))
);
--> statement-breakpoint
ALTER TABLE "course_resources" ADD CONSTRAINT "course_resources_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_resources" ADD CONSTRAINT "course_resources_item_id_course_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."course_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_resources" ADD CONSTRAINT "course_resources_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_resources_course_idx" ON "course_resources" USING btree ("course_id","created_at","id");--> statement-breakpoint
CREATE INDEX "course_resources_item_idx" ON "course_resources" USING btree ("item_id");

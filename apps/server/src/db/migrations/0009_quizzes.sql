-- Quizzes (issue 17): a quiz item's quiz, and every attempt at one.
CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"score" integer NOT NULL,
	"passed" boolean NOT NULL,
	"seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lessons" DROP CONSTRAINT "lessons_content_type_check";--> statement-breakpoint
ALTER TABLE "sub_lessons" DROP CONSTRAINT "sub_lessons_content_type_check";--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "quiz" jsonb;--> statement-breakpoint
ALTER TABLE "sub_lessons" ADD COLUMN "quiz" jsonb;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_item_idx" ON "quiz_attempts" USING btree ("user_id","item_id","created_at");--> statement-breakpoint
CREATE INDEX "quiz_attempts_course_item_idx" ON "quiz_attempts" USING btree ("course_id","item_id");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_content_type_check" CHECK ("lessons"."content_type" in ('text', 'video', 'quiz'));--> statement-breakpoint
ALTER TABLE "sub_lessons" ADD CONSTRAINT "sub_lessons_content_type_check" CHECK ("sub_lessons"."content_type" in ('text', 'video', 'quiz'));
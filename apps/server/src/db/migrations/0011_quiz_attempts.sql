-- Quiz grants (issue 32): another attempt, or a reset of the attempts, for one learner.
CREATE TABLE "quiz_grants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_grants_kind_check" CHECK ("quiz_grants"."kind" in ('attempt', 'reset'))
);
--> statement-breakpoint
ALTER TABLE "quiz_grants" ADD CONSTRAINT "quiz_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_grants" ADD CONSTRAINT "quiz_grants_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_grants" ADD CONSTRAINT "quiz_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_grants_user_item_idx" ON "quiz_grants" USING btree ("user_id","item_id","created_at");

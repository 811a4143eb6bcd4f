-- The renditions of uploaded lesson videos (lib/renditions.ts), by the video's URL.
CREATE TABLE "videos" (
	"source_url" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"duration_seconds" real,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"poster_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

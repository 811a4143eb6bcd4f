-- The captions of lesson videos (WebVTT files, one per language), with their renditions.
ALTER TABLE "videos" ADD COLUMN "captions" jsonb DEFAULT '[]'::jsonb NOT NULL;

ALTER TABLE "organizations" ALTER COLUMN "plugins_access_level" SET DEFAULT 3;--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "secret_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Apps installed before: the keys their settings form marks secret now are the ones remembered.
UPDATE "plugins" SET "secret_fields" = coalesce((
  SELECT jsonb_agg(DISTINCT field->>'key')
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof("config_schema") = 'array' THEN "config_schema" ELSE '[]'::jsonb END) AS field
  WHERE field->>'secret' = 'true' AND field->>'key' IS NOT NULL
), '[]'::jsonb);

ALTER TABLE "plugin_configs" ADD COLUMN "error" jsonb;--> statement-breakpoint
ALTER TABLE "plugin_configs" ADD COLUMN "delivery_failures" integer DEFAULT 0 NOT NULL;
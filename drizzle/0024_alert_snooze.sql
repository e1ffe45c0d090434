ALTER TABLE "alerts" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "skip_weekend" boolean DEFAULT false NOT NULL;
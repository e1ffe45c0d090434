DROP INDEX "batch_export_runs_status";--> statement-breakpoint
ALTER TABLE "batch_export_runs" ADD COLUMN "job_id" uuid;--> statement-breakpoint
CREATE INDEX "batch_export_runs_status" ON "batch_export_runs" USING btree ("status");--> statement-breakpoint
ALTER TABLE "batch_export_runs" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "batch_export_runs" DROP COLUMN "lease_owner";--> statement-breakpoint
ALTER TABLE "batch_export_runs" DROP COLUMN "lease_expires_at";--> statement-breakpoint
-- Runs held by the former claim loop are queued again as pg-boss jobs; they resume from their cursor.
UPDATE "batch_export_runs" SET "status" = 'Starting' WHERE "status" IN ('Running', 'FailedRetryable');

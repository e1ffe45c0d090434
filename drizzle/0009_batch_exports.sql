CREATE TABLE "batch_export_backfills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_export_id" uuid NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"status" varchar(64) DEFAULT 'Starting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_export_log_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_export_id" uuid NOT NULL,
	"run_id" uuid,
	"timestamp" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"level" varchar(16) NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_export_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_export_id" uuid NOT NULL,
	"status" varchar(64) DEFAULT 'Starting' NOT NULL,
	"records_completed" integer,
	"records_total_count" integer,
	"latest_error" text,
	"data_interval_start" timestamp with time zone,
	"data_interval_end" timestamp with time zone NOT NULL,
	"cursor" text,
	"backfill_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"model" varchar(64) DEFAULT 'events' NOT NULL,
	"destination_type" varchar(64) NOT NULL,
	"destination_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"interval" varchar(64) NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"last_paused_at" timestamp with time zone,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"hogql_query" text,
	"schema" jsonb,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "batch_export_backfills" ADD CONSTRAINT "batch_export_backfills_batch_export_id_batch_exports_id_fk" FOREIGN KEY ("batch_export_id") REFERENCES "public"."batch_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_export_log_entries" ADD CONSTRAINT "batch_export_log_entries_batch_export_id_batch_exports_id_fk" FOREIGN KEY ("batch_export_id") REFERENCES "public"."batch_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_export_log_entries" ADD CONSTRAINT "batch_export_log_entries_run_id_batch_export_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."batch_export_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_export_runs" ADD CONSTRAINT "batch_export_runs_batch_export_id_batch_exports_id_fk" FOREIGN KEY ("batch_export_id") REFERENCES "public"."batch_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_export_runs" ADD CONSTRAINT "batch_export_runs_backfill_id_batch_export_backfills_id_fk" FOREIGN KEY ("backfill_id") REFERENCES "public"."batch_export_backfills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_exports" ADD CONSTRAINT "batch_exports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_exports" ADD CONSTRAINT "batch_exports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_export_backfills_export" ON "batch_export_backfills" USING btree ("batch_export_id","created_at");--> statement-breakpoint
CREATE INDEX "batch_export_log_entries_export_time" ON "batch_export_log_entries" USING btree ("batch_export_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "batch_export_runs_scheduled_interval" ON "batch_export_runs" USING btree ("batch_export_id","data_interval_end") WHERE "batch_export_runs"."backfill_id" IS NULL;--> statement-breakpoint
CREATE INDEX "batch_export_runs_export_created" ON "batch_export_runs" USING btree ("batch_export_id","created_at");--> statement-breakpoint
CREATE INDEX "batch_export_runs_status" ON "batch_export_runs" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "batch_exports_project_created" ON "batch_exports" USING btree ("project_id","created_at");
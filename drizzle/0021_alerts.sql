CREATE TABLE "alert_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"calculated_value" double precision,
	"state" varchar(16) NOT NULL,
	"error_message" text,
	"targets_notified" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"insight_id" integer NOT NULL,
	"name" varchar(255) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"threshold" jsonb NOT NULL,
	"condition" jsonb NOT NULL,
	"config" jsonb NOT NULL,
	"calculation_interval" varchar(16) DEFAULT 'daily' NOT NULL,
	"subscribed_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"webhook_url" text,
	"state" varchar(16) DEFAULT 'Not firing' NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_notified_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "alert_checks" ADD CONSTRAINT "alert_checks_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_insight_id_insights_id_fk" FOREIGN KEY ("insight_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_checks_alert_created" ON "alert_checks" USING btree ("alert_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_project_insight" ON "alerts" USING btree ("project_id","insight_id");--> statement-breakpoint
CREATE INDEX "alerts_next_check" ON "alerts" USING btree ("next_check_at");
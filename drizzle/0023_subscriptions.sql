CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"insight_id" integer,
	"dashboard_id" integer,
	"title" varchar(100),
	"target_type" varchar(10) NOT NULL,
	"target_value" text NOT NULL,
	"frequency" varchar(10) NOT NULL,
	"interval" integer DEFAULT 1 NOT NULL,
	"count" integer,
	"byweekday" jsonb,
	"bysetpos" integer,
	"start_date" timestamp with time zone NOT NULL,
	"until_date" timestamp with time zone,
	"next_delivery_date" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_delivered_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	CONSTRAINT "subscriptions_one_resource" CHECK (("subscriptions"."insight_id" IS NULL) <> ("subscriptions"."dashboard_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_insight_id_insights_id_fk" FOREIGN KEY ("insight_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_project_insight" ON "subscriptions" USING btree ("project_id","insight_id");--> statement-breakpoint
CREATE INDEX "subscriptions_project_dashboard" ON "subscriptions" USING btree ("project_id","dashboard_id");--> statement-breakpoint
CREATE INDEX "subscriptions_next_delivery" ON "subscriptions" USING btree ("next_delivery_date");
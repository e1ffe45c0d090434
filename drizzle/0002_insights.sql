CREATE TABLE "activity_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" integer,
	"scope" varchar(79) NOT NULL,
	"item_id" varchar(72),
	"activity" varchar(79) NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_results_cache" (
	"project_id" integer NOT NULL,
	"cache_key" varchar(200) NOT NULL,
	"result" jsonb,
	"last_refresh" timestamp with time zone NOT NULL,
	CONSTRAINT "insight_results_cache_project_id_cache_key_pk" PRIMARY KEY("project_id","cache_key")
);
--> statement-breakpoint
CREATE TABLE "insight_views" (
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"insight_id" integer NOT NULL,
	"last_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_views_project_id_user_id_insight_id_pk" PRIMARY KEY("project_id","user_id","insight_id")
);
--> statement-breakpoint
CREATE TABLE "insights" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"short_id" varchar(12) NOT NULL,
	"name" varchar(400),
	"derived_name" varchar(400),
	"description" varchar(400),
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"query" jsonb,
	"order" integer,
	"deleted" boolean DEFAULT false NOT NULL,
	"saved" boolean DEFAULT false NOT NULL,
	"favorited" boolean DEFAULT false NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_id" integer,
	"last_modified_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sharing_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"insight_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"access_token" varchar(400) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sharing_configurations_insight_id_unique" UNIQUE("insight_id"),
	CONSTRAINT "sharing_configurations_access_token_unique" UNIQUE("access_token")
);
--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_results_cache" ADD CONSTRAINT "insight_results_cache_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_views" ADD CONSTRAINT "insight_views_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_views" ADD CONSTRAINT "insight_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_views" ADD CONSTRAINT "insight_views_insight_id_insights_id_fk" FOREIGN KEY ("insight_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights" ADD CONSTRAINT "insights_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights" ADD CONSTRAINT "insights_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights" ADD CONSTRAINT "insights_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_configurations" ADD CONSTRAINT "sharing_configurations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_configurations" ADD CONSTRAINT "sharing_configurations_insight_id_insights_id_fk" FOREIGN KEY ("insight_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_logs_project_scope" ON "activity_logs" USING btree ("project_id","scope","created_at");--> statement-breakpoint
CREATE INDEX "insight_views_user" ON "insight_views" USING btree ("user_id","last_viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insights_project_short_id" ON "insights" USING btree ("project_id","short_id");--> statement-breakpoint
CREATE INDEX "insights_project" ON "insights" USING btree ("project_id");
CREATE TABLE "plugin_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"plugin_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plugin_source_files" (
	"plugin_id" integer NOT NULL,
	"filename" varchar(200) NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_source_files_plugin_id_filename_pk" PRIMARY KEY("plugin_id","filename")
);
--> statement-breakpoint
CREATE TABLE "plugins" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"plugin_type" varchar(200),
	"is_global" boolean DEFAULT false NOT NULL,
	"name" varchar(200),
	"description" text,
	"url" varchar(800),
	"icon" varchar(800),
	"config_schema" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tag" varchar(200),
	"latest_tag" varchar(800),
	"latest_tag_checked_at" timestamp with time zone,
	"capabilities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"metrics" jsonb,
	"public_jobs" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_logs" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plugin_configs" ADD CONSTRAINT "plugin_configs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_configs" ADD CONSTRAINT "plugin_configs_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_source_files" ADD CONSTRAINT "plugin_source_files_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugins" ADD CONSTRAINT "plugins_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plugin_configs_project" ON "plugin_configs" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "plugin_configs_plugin" ON "plugin_configs" USING btree ("plugin_id");--> statement-breakpoint
CREATE INDEX "plugins_organization" ON "plugins" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plugins_organization_url" ON "plugins" USING btree ("organization_id","url");--> statement-breakpoint
CREATE INDEX "activity_logs_organization_scope" ON "activity_logs" USING btree ("organization_id","scope","created_at");
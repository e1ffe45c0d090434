CREATE TABLE "definitions_backfill" (
	"project_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(400) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"updated_at" timestamp with time zone,
	"updated_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "event_properties" (
	"project_id" integer NOT NULL,
	"event" varchar(400) NOT NULL,
	"property" varchar(400) NOT NULL,
	CONSTRAINT "event_properties_project_id_event_property_pk" PRIMARY KEY("project_id","event","property")
);
--> statement-breakpoint
CREATE TABLE "property_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(400) NOT NULL,
	"type" smallint NOT NULL,
	"is_numerical" boolean DEFAULT false NOT NULL,
	"property_type" varchar(50),
	"description" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "definitions_backfill" ADD CONSTRAINT "definitions_backfill_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_definitions" ADD CONSTRAINT "event_definitions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_definitions" ADD CONSTRAINT "event_definitions_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_properties" ADD CONSTRAINT "event_properties_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_definitions" ADD CONSTRAINT "property_definitions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_definitions" ADD CONSTRAINT "property_definitions_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_definitions_project_name" ON "event_definitions" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "event_properties_project_property" ON "event_properties" USING btree ("project_id","property");--> statement-breakpoint
CREATE UNIQUE INDEX "property_definitions_project_type_name" ON "property_definitions" USING btree ("project_id","type","name");--> statement-breakpoint
-- Projects existing now had events before definitions were kept: the server reads theirs once (lib/definitions/backfill.ts).
INSERT INTO "definitions_backfill" ("project_id") SELECT "id" FROM "projects";
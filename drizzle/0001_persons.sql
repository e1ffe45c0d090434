CREATE TABLE "groups" (
	"project_id" integer NOT NULL,
	"group_type" varchar(400) NOT NULL,
	"group_key" varchar(400) NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "groups_project_id_group_type_group_key_pk" PRIMARY KEY("project_id","group_type","group_key")
);
--> statement-breakpoint
CREATE TABLE "person_distinct_ids" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"distinct_id" text NOT NULL,
	"person_id" uuid NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_identified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_distinct_ids" ADD CONSTRAINT "person_distinct_ids_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_distinct_ids" ADD CONSTRAINT "person_distinct_ids_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "person_distinct_ids_project_distinct_id" ON "person_distinct_ids" USING btree ("project_id","distinct_id");--> statement-breakpoint
CREATE INDEX "person_distinct_ids_person" ON "person_distinct_ids" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "persons_project_created" ON "persons" USING btree ("project_id","created_at");
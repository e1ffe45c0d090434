CREATE TABLE "group_type_mappings" (
	"project_id" integer NOT NULL,
	"group_type" varchar(400) NOT NULL,
	"group_type_index" integer NOT NULL,
	"name_singular" varchar(400),
	"name_plural" varchar(400),
	CONSTRAINT "group_type_mappings_project_id_group_type_pk" PRIMARY KEY("project_id","group_type")
);
--> statement-breakpoint
ALTER TABLE "group_type_mappings" ADD CONSTRAINT "group_type_mappings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_type_mappings_index" ON "group_type_mappings" USING btree ("project_id","group_type_index");
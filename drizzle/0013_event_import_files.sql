CREATE TABLE "event_import_files" (
	"project_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"events" bigint NOT NULL,
	"bad_lines" bigint NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_import_files_project_id_file_key_pk" PRIMARY KEY("project_id","file_key")
);
--> statement-breakpoint
ALTER TABLE "event_import_files" ADD CONSTRAINT "event_import_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
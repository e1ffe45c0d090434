DROP INDEX "property_definitions_project_type_name";--> statement-breakpoint
ALTER TABLE "property_definitions" ADD COLUMN "group_type_index" smallint;--> statement-breakpoint
ALTER TABLE "property_definitions" ADD CONSTRAINT "property_definitions_project_type_index_name" UNIQUE NULLS NOT DISTINCT("project_id","type","group_type_index","name");
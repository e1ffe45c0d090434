DROP INDEX "property_definitions_project_type_name";--> statement-breakpoint
ALTER TABLE "property_definitions" ADD COLUMN "group_type_index" smallint;--> statement-breakpoint
ALTER TABLE "property_definitions" ADD CONSTRAINT "property_definitions_project_type_index_name" UNIQUE NULLS NOT DISTINCT("project_id","type","group_type_index","name");--> statement-breakpoint
-- Groups identified before group properties were defined: their property names, typed by their next $groupidentify.
INSERT INTO "property_definitions" ("project_id", "name", "type", "group_type_index")
SELECT DISTINCT g."project_id", k."name", 3, m."group_type_index"
FROM (SELECT * FROM "groups" WHERE jsonb_typeof("properties") = 'object') AS g
JOIN "group_type_mappings" AS m ON m."project_id" = g."project_id" AND m."group_type" = g."group_type"
CROSS JOIN LATERAL jsonb_object_keys(g."properties") AS k("name")
WHERE length(k."name") <= 400
ON CONFLICT DO NOTHING;

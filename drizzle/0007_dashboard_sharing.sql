ALTER TABLE "sharing_configurations" ALTER COLUMN "insight_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sharing_configurations" ADD COLUMN "dashboard_id" integer;--> statement-breakpoint
ALTER TABLE "sharing_configurations" ADD CONSTRAINT "sharing_configurations_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_configurations" ADD CONSTRAINT "sharing_configurations_dashboard_id_unique" UNIQUE("dashboard_id");--> statement-breakpoint
ALTER TABLE "sharing_configurations" ADD CONSTRAINT "sharing_configurations_one_target" CHECK (num_nonnulls("sharing_configurations"."insight_id", "sharing_configurations"."dashboard_id") = 1);
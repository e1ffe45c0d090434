CREATE TABLE "plugin_config_metrics" (
	"config_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"succeeded" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"filtered" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "plugin_config_metrics_config_id_hour_pk" PRIMARY KEY("config_id","hour")
);
--> statement-breakpoint
CREATE TABLE "plugin_log_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"source" varchar(20) NOT NULL,
	"type" varchar(20) NOT NULL,
	"message" text NOT NULL,
	"event_uuid" varchar(200),
	"instance_id" varchar(200) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plugin_config_metrics" ADD CONSTRAINT "plugin_config_metrics_config_id_plugin_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."plugin_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_log_entries" ADD CONSTRAINT "plugin_log_entries_config_id_plugin_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."plugin_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plugin_log_entries_config" ON "plugin_log_entries" USING btree ("config_id","id");
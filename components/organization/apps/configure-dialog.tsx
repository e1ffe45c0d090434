"use client";

import { useMutation } from "@tanstack/react-query";
import { Controller } from "react-hook-form";
import { FormDialog } from "@/components/form-dialog";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { configFields, configFormDefaults, configFormSchema, configToSave } from "@/lib/plugins/config-form";
import { savePluginConfigMutation } from "@/lib/ui/pipeline/mutations";
import { toast } from "@/lib/ui/toast";
import type { TPlugin, TPluginConfig } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";
import { RUN_BY_HEDGEROW, runsInBrowsers, whyNotRun } from "@/lib/plugins/runs";
import { LogsPanel } from "./logs-panel";
import { ConfigField } from "./config-field";
import { MetricsPanel } from "./metrics-panel";
import { TestPanel } from "./test-panel";

/** Heartbeat takes no event: it has nothing to test. */
const isHeartbeat = (url: string | null | undefined) => url?.toLowerCase().startsWith(RUN_BY_HEDGEROW.heartbeat) ?? false;

/** The app's settings in the current project: a form generated from its `config_schema`; secrets are write-only. */
export function ConfigureDialog({
  plugin,
  config,
  onClose,
}: {
  plugin: TPlugin | null;
  config: TPluginConfig | undefined;
  onClose: () => void;
}) {
  const { organization, team } = useMe();
  const save = useMutation({ ...savePluginConfigMutation(organization.id), onSuccess: () => toast.success("Settings saved.") });
  if (!plugin || !team) return null;
  const stored = config?.config;
  const schema = configFormSchema(plugin.config_schema, stored);
  const fields = configFields(plugin.config_schema);
  const keys = fields.filter((f) => f.key).map((f) => `config.${f.key}`);
  const notRun = whyNotRun(plugin.url);
  const runs = !notRun;
  const switchNote =
    notRun ??
    (runsInBrowsers(plugin.url)
      ? "Runs on your site's pages whose posthog-js sets opt_in_site_apps: true."
      : "Runs on every event captured in this project.");
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Configure ${plugin.name || "app"}`}
      description={`Settings in ${team.name}, saved for the app.`}
      schema={schema}
      fields={["enabled", ...keys]}
      defaultValues={configFormDefaults(plugin.config_schema, stored, runs && (config?.enabled ?? true))}
      onSubmit={async (values) => {
        await save.mutateAsync({
          projectId: team.id,
          configId: config?.id ?? null,
          pluginId: plugin.id,
          enabled: values.enabled,
          config: configToSave(plugin.config_schema, values.config),
        });
        onClose();
      }}
      submitLabel="Save"
      pendingLabel="Saving…"
      className="sm:max-w-lg"
    >
      {(form) => (
        <div className="grid max-h-[60vh] gap-4 overflow-y-auto pr-1">
          <div className="flex items-center gap-3">
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <Switch
                  id="enabled"
                  aria-describedby="enabled-note"
                  checked={field.value}
                  disabled={!runs}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            <div className="grid gap-0.5">
              <Label htmlFor="enabled">Switched on in this project</Label>
              <p id="enabled-note" className="text-xs text-muted-foreground">
                {switchNote}
              </p>
            </div>
          </div>
          {fields.length === 0 && <p className="text-sm text-muted-foreground">This app has no settings.</p>}
          {fields.map((field, index) => (
            <ConfigField key={field.key ?? index} field={field} form={form} stored={stored} />
          ))}
          {config && runs && !runsInBrowsers(plugin.url) && (
            <>
              {!isHeartbeat(plugin.url) && <TestPanel projectId={team.id} configId={config.id} />}
              <MetricsPanel projectId={team.id} configId={config.id} />
              <LogsPanel projectId={team.id} configId={config.id} />
            </>
          )}
        </div>
      )}
    </FormDialog>
  );
}

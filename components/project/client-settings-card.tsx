"use client";

import { SettingSwitch, useProjectSettingMutation } from "@/components/project/setting-switch";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { TProjectClientSettings } from "@/lib/projects/schemas";
import type { TProject } from "@/lib/ui/types";

interface Setting {
  field: keyof TProjectClientSettings;
  label: string;
  description: string;
  /** Shown on when the field is false (`autocapture_opt_out`). */
  inverted?: boolean;
}

const SETTINGS: Setting[] = [
  {
    field: "autocapture_opt_out",
    inverted: true,
    label: "Autocapture",
    description: "posthog-js sends an $autocapture event, with the elements clicked, for clicks, changes and form submissions.",
  },
  {
    field: "heatmaps_opt_in",
    label: "Heatmaps",
    description: "posthog-js also records where people click, move and scroll ($heatmap events).",
  },
  {
    field: "capture_dead_clicks",
    label: "Dead clicks",
    description: "posthog-js sends $dead_click when a click changes nothing on the page.",
  },
  {
    field: "autocapture_exceptions_opt_in",
    label: "Exceptions",
    description: "posthog-js sends uncaught errors and unhandled promise rejections as $exception events.",
  },
  {
    field: "autocapture_web_vitals_opt_in",
    label: "Web vitals",
    description: "posthog-js sends the page's Core Web Vitals as $web_vitals events.",
  },
  {
    field: "capture_performance_opt_in",
    label: "Network timing",
    description: "posthog-js records network timings for session recordings, which Hedgerow does not store.",
  },
  {
    field: "capture_console_log_opt_in",
    label: "Console logs",
    description: "posthog-js records console logs for session recordings, which Hedgerow does not store.",
  },
];

/**
 * What PostHog's SDKs capture on their own, served to them as the project's remote config: each switch saves at
 * once and reaches browsers on their next page load (they may keep the old config up to 5 minutes).
 */
export function ClientSettingsCard({ project, prohibition }: { project: TProject; prohibition: string | null }) {
  const update = useProjectSettingMutation();
  return (
    <Card id="autocapture">
      <CardHeader>
        <CardTitle>Autocapture and web SDK</CardTitle>
        <CardDescription>
          {prohibition ?? "What posthog-js captures on its own in your web pages. Changes reach browsers on their next page load."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid divide-y">
          {SETTINGS.map(({ field, label, description, inverted }) => (
            <li key={field} className="py-3 first:pt-0 last:pb-0">
              <SettingSwitch
                id={`setting-${field}`}
                label={label}
                description={description}
                checked={inverted ? !project[field] : project[field]}
                disabled={!!prohibition || update.isPending}
                onCheckedChange={(on) => update.mutate({ id: project.id, [field]: inverted ? !on : on })}
              />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

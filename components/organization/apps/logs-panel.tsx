"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/ui/api-client";
import { pluginConfigLogsQuery } from "@/lib/ui/pipeline/queries";

const LEVELS = [
  { type: "", label: "All" },
  { type: "ERROR", label: "Errors" },
  { type: "WARN", label: "Warnings" },
  { type: "INFO", label: "Info" },
];
const timeOf = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
const LEVEL_CLASS: Record<string, string> = { ERROR: "text-destructive", WARN: "text-amber-700 dark:text-amber-400", INFO: "" };

/** The set-up's newest log lines (failures, retries, disabling, test runs), filtered by level. */
export function LogsPanel({ projectId, configId }: { projectId: number; configId: number }) {
  const id = useId();
  const [type, setType] = useState("");
  const logs = useQuery(pluginConfigLogsQuery(projectId, configId, type));
  const lines = logs.data?.results ?? [];
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2 border-t pt-4">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        Logs
      </h3>
      <fieldset className="flex flex-wrap gap-1">
        <legend className="sr-only">Level</legend>
        {LEVELS.map((level) => (
          <Button
            key={level.type}
            type="button"
            size="sm"
            variant={type === level.type ? "secondary" : "ghost"}
            aria-pressed={type === level.type}
            onClick={() => setType(level.type)}
          >
            {level.label}
          </Button>
        ))}
      </fieldset>
      {logs.isPending && <p className="text-sm text-muted-foreground">Loading logs…</p>}
      {logs.error && <p className="text-sm text-destructive">{errorMessage(logs.error)}</p>}
      {logs.data && !lines.length && <p className="text-sm text-muted-foreground">No log lines.</p>}
      {lines.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to be scrolled (axe scrollable-region-focusable)
        <section aria-label="Log lines" tabIndex={0} className="max-h-64 overflow-auto">
          <ul className="grid gap-1 text-xs">
            {lines.map((line) => (
              <li key={line.id} className="grid gap-0.5 rounded bg-muted p-2">
                <span>
                  <span className={`font-medium ${LEVEL_CLASS[line.type]}`}>{line.type}</span>{" "}
                  <time dateTime={line.timestamp}>{timeOf.format(new Date(line.timestamp))}</time>
                  {line.event_uuid && <span className="text-muted-foreground"> · event {line.event_uuid}</span>}
                </span>
                <span className="break-words">{line.message}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

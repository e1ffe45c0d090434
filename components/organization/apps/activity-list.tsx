"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/field";
import { errorMessage } from "@/lib/ui/api-client";
import { formatRelative, fullName } from "@/lib/ui/format";
import { pluginActivityQuery } from "@/lib/ui/pipeline/queries";
import { useMe } from "@/lib/ui/use-me";

const VERBS: Record<string, string> = {
  installed: "installed",
  updated: "changed",
  uninstalled: "uninstalled",
  config_updated: "changed the settings of",
  enabled: "switched on",
  disabled: "switched off",
};

/** Who installed, changed and uninstalled which app, and when; newest first, 20 a page. */
export function ActivityList() {
  const { organization } = useMe();
  const [page, setPage] = useState(1);
  const activity = useQuery(pluginActivityQuery(organization.id, page));
  if (activity.isPending)
    return (
      <p role="status" className="py-6 text-sm text-muted-foreground">
        Loading activity…
      </p>
    );
  if (activity.error) return <FormAlert>{errorMessage(activity.error)}</FormAlert>;
  const { results, next, previous } = activity.data;
  if (!results.length) return <p className="py-6 text-sm text-muted-foreground">Nothing has happened to apps yet.</p>;
  return (
    <div className="grid gap-3">
      <ul className="divide-y rounded-lg border bg-card" aria-label="App activity">
        {results.map((entry) => {
          const changes = (entry.detail.changes as { field?: string }[] | null) ?? [];
          return (
            <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3 text-sm">
              <span>
                <span className="font-medium">{entry.user ? fullName(entry.user) : "Someone"}</span>{" "}
                {VERBS[entry.activity] ?? entry.activity} <span className="font-medium">{String(entry.detail.name ?? "an app")}</span>
                {changes.length > 0 && <span className="text-muted-foreground"> ({changes.map((c) => c.field).join(", ")})</span>}
              </span>
              <time dateTime={entry.created_at} className="text-muted-foreground" title={new Date(entry.created_at).toLocaleString()}>
                {formatRelative(entry.created_at)}
              </time>
            </li>
          );
        })}
      </ul>
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" disabled={!previous} onClick={() => setPage((p) => p - 1)}>
          Newer
        </Button>
        <Button variant="outline" size="sm" disabled={!next} onClick={() => setPage((p) => p + 1)}>
          Older
        </Button>
      </div>
    </div>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { InfoIcon } from "lucide-react";
import { runsInHedgerow } from "@/lib/plugins/runs";
import { pluginRepositoryQuery } from "@/lib/ui/pipeline/queries";
import type { TCatalogEntry } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";
import { FAMILY_TABS } from "./families";

const names = (entries: TCatalogEntry[]) => entries.map((entry) => entry.name).join(", ");

/**
 * Said once at the top of every tab: which catalog apps Hedgerow runs, family by family, and that the others are
 * only saved, whatever their switches say.
 */
export function WhichAppsRun() {
  const { organization } = useMe();
  const catalog = useQuery(pluginRepositoryQuery(organization.id));
  const entries = catalog.data ?? [];
  const notRun = entries.filter((entry) => !runsInHedgerow(entry.url));
  return (
    <div
      role="note"
      aria-label="Which apps run"
      aria-busy={catalog.isPending}
      className="mb-4 flex items-start gap-2 rounded-md border border-border bg-muted/40 px-3 py-2 text-sm"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid gap-1">
        {entries.length > 0 && (
          <p>
            <span className="font-medium">Hedgerow runs these catalog apps.</span>{" "}
            {FAMILY_TABS.map((tab) => {
              const running = entries.filter((entry) => entry.type === tab.catalogType && runsInHedgerow(entry.url));
              return running.length ? `${tab.label}: ${names(running)}. ` : "";
            })}
          </p>
        )}
        <p className="text-muted-foreground">
          {notRun.length ? `${names(notRun)} and apps` : "Apps"} added from their source are saved with their settings (and answered through
          PostHog's API) but cannot be switched on: {notRun.length ? "the catalog ones need services on the internet, and " : ""}
          Hedgerow never runs an app's stored code.
        </p>
      </div>
    </div>
  );
}

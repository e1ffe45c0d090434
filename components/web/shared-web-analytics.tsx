"use client";

import { XIcon } from "lucide-react";
import type { PropertyFilterValue } from "@/components/insights/controls/filter-kinds";
import { Button } from "@/components/ui/button";
import { LiveVisitors } from "@/components/web/live-visitors";
import { useWebPageState, WebRangeControls } from "@/components/web/web-controls";
import { WebReport } from "@/components/web/web-report";

const filterLabel = (filter: PropertyFilterValue) =>
  `${filter.key} = ${Array.isArray(filter.value) ? filter.value.join(", ") : String(filter.value ?? "")}`;

/**
 * A project's web analytics page through its public link, read-only: the range and switches change what is shown,
 * a click on a row filters it (the filters can be removed), and every query goes through the link's token.
 */
export function SharedWebAnalytics({ accessToken }: { accessToken: string }) {
  const page = useWebPageState();
  const { filters } = page.state;
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 rounded-lg border bg-card p-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <WebRangeControls page={page} />
          <LiveVisitors source={{ accessToken }} />
        </div>
        {filters.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Filters">
            {filters.map((filter, i) => (
              <li key={`${filter.key}-${i}`}>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove filter ${filterLabel(filter)}`}
                  onClick={() => page.setFilters(filters.filter((_, j) => j !== i))}
                >
                  {filterLabel(filter)} <XIcon aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <WebReport source={{ accessToken }} state={page.state} complete={page.complete} onFilters={page.setFilters} />
    </div>
  );
}

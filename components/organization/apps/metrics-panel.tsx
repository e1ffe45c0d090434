"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/ui/api-client";
import { pluginConfigMetricsQuery } from "@/lib/ui/pipeline/queries";

const count = new Intl.NumberFormat();
const hourOf = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", day: "numeric", month: "short" });

/** The set-up's events over the last 24 hours: totals, then each hour something happened in, newest first. */
export function MetricsPanel({ projectId, configId }: { projectId: number; configId: number }) {
  const id = useId();
  const metrics = useQuery(pluginConfigMetricsQuery(projectId, configId));
  const data = metrics.data?.metrics;
  const hours = data
    ? data.dates
        .map((date, i) => ({ date, successes: data.successes[i], failures: data.failures[i], filtered: data.filtered[i] }))
        .filter((hour) => hour.successes + hour.failures + hour.filtered > 0)
        .reverse()
    : [];
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2 border-t pt-4">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        Metrics, last 24 hours
      </h3>
      {metrics.isPending && <p className="text-sm text-muted-foreground">Loading metrics…</p>}
      {metrics.error && <p className="text-sm text-destructive">{errorMessage(metrics.error)}</p>}
      {data && (
        <p className="text-sm" data-testid="app-metrics-totals">
          {count.format(data.totals.successes)} succeeded · {count.format(data.totals.failures)} failed ·{" "}
          {count.format(data.totals.filtered)} filtered
        </p>
      )}
      {data && !hours.length && <p className="text-sm text-muted-foreground">No events in the last 24 hours.</p>}
      {hours.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to be scrolled (axe scrollable-region-focusable)
        <section aria-label="Events per hour" tabIndex={0} className="max-h-48 overflow-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Hour</TableHead>
                <TableHead className="text-right">Succeeded</TableHead>
                <TableHead className="text-right">Failed</TableHead>
                <TableHead className="text-right">Filtered</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {hours.map((hour) => (
                <TableRow key={hour.date}>
                  <TableCell>{hourOf.format(new Date(hour.date))}</TableCell>
                  <TableCell className="text-right">{count.format(hour.successes)}</TableCell>
                  <TableCell className="text-right">{count.format(hour.failures)}</TableCell>
                  <TableCell className="text-right">{count.format(hour.filtered)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      )}
    </section>
  );
}

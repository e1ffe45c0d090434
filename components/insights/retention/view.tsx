"use client";

import dynamic from "next/dynamic";
import { useTheme } from "next-themes";
import { useState } from "react";
import type { KindViewProps } from "@/components/insights/builder/types";
import type { RetentionColumns } from "@/components/insights/persons-dialog";
import { ChartLoading } from "@/components/insights/charts/chart-loading";
import { PersonsDialog } from "@/components/lazy-dialogs";
import { formatCount, formatPercent } from "@/lib/ui/format";
import { PERIOD_NAMES } from "./display-config";
import { meanRetention, retentionCellColors, retentionTableRows, type RetentionTableRow } from "./retention-table";
import type { RetentionFilters, RetentionPeriod, RetentionResult } from "./types";

const RetentionChart = dynamic(() => import("./drawings").then((m) => m.RetentionChart), { ssr: false, loading: ChartLoading });

/** A cohort's start as the table names it, in the project's timezone: "Nov 17, 14:00", "Nov 17, 2026", "Nov 2026". */
function formatCohortDate(iso: string, period: RetentionPeriod, timeZone = "UTC"): string {
  const options: Intl.DateTimeFormatOptions =
    period === "Hour"
      ? { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
      : period === "Month"
        ? { month: "short", year: "numeric" }
        : { month: "short", day: "numeric", year: "numeric" };
  return new Intl.DateTimeFormat("en", { ...options, timeZone }).format(new Date(iso));
}

export function RetentionView({ filters, response, compact }: KindViewProps<RetentionFilters, RetentionResult>) {
  const period: RetentionPeriod = filters.period ?? "Day";
  const rows = retentionTableRows(response.result);
  if (!rows.length || rows.every((row) => row.size === 0))
    return (
      <p className="grid min-h-40 place-items-center text-sm text-muted-foreground">No one did the cohortizing event in this range.</p>
    );
  const breakdown = rows.some((row) => row.date === undefined);
  const chart = <RetentionChart rows={rows} period={period} breakdown={breakdown} />;
  if (compact) return <div className="h-full min-h-40">{chart}</div>;
  return (
    <div className="grid gap-4">
      <div className="h-72">{chart}</div>
      <RetentionTable rows={rows} period={period} breakdown={breakdown} timeZone={response.timezone} />
    </div>
  );
}

/**
 * The cohort table: each row's start (or breakdown value) and size, then the share back in each interval on a
 * colour scale. A cell with persons opens the row's persons (PostHog's retention actors), the cell's interval
 * highlighted among the intervals each person came back in.
 */
function RetentionTable({
  rows,
  period,
  breakdown,
  timeZone,
}: {
  rows: RetentionTableRow[];
  period: RetentionPeriod;
  breakdown: boolean;
  timeZone?: string;
}) {
  const { resolvedTheme } = useTheme();
  const theme = resolvedTheme === "dark" ? "dark" : "light";
  const intervals = Math.max(...rows.map((row) => row.cells.length));
  const mean = meanRetention(rows);
  const names = PERIOD_NAMES[period];
  const [persons, setPersons] = useState<{ title: string; url: string; retention: RetentionColumns } | null>(null);
  const [personsOpen, setPersonsOpen] = useState(false);
  const rowName = (row: RetentionTableRow) => (row.date ? formatCohortDate(row.date, period, timeZone) : row.label);
  const cell = (ratio: number | null, count: number | null, key: number, row?: RetentionTableRow) => {
    if (ratio === null)
      return (
        <td key={key} className="px-2 py-1.5 text-center text-muted-foreground">
          —
        </td>
      );
    const colors = retentionCellColors(ratio, theme);
    const label = `${names.one} ${key}`;
    return (
      <td
        key={key}
        className="p-0 text-center"
        style={{ background: colors.background, color: colors.color }}
        title={count === null ? undefined : `${formatCount(count)} persons`}
      >
        {row && count ? (
          <button
            type="button"
            className="w-full px-2 py-1.5 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
            aria-label={`${rowName(row)}, ${label}: ${formatCount(count)} persons, ${formatPercent(ratio)}. Show them.`}
            onClick={() => {
              setPersons({
                title: `${rowName(row)}: ${formatCount(row.size)} persons, ${formatCount(count)} back in ${label}`,
                url: row.people_url,
                retention: { labels: row.cells.map((_, i) => `${names.one} ${i}`), selected: key },
              });
              setPersonsOpen(true);
            }}
          >
            {formatPercent(ratio)}
          </button>
        ) : (
          <span className="block px-2 py-1.5">{formatPercent(ratio)}</span>
        )}
      </td>
    );
  };
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to be scrolled (axe scrollable-region-focusable)
    <section className="overflow-x-auto rounded-md border" tabIndex={0} aria-label="Retention table">
      {persons ? (
        <PersonsDialog
          title={persons.title}
          url={persons.url}
          retention={persons.retention}
          open={personsOpen}
          onOpenChange={setPersonsOpen}
          description={`Everyone in this ${breakdown ? "breakdown value" : "cohort"}, most active first, with the ${names.many} each came back in.`}
        />
      ) : null}
      <table className="w-full border-collapse text-sm tabular-nums" data-testid="retention-table">
        <caption className="sr-only">
          Share of each {breakdown ? "breakdown value" : "cohort"} that came back in each {names.one.toLowerCase()} after the first
        </caption>
        <thead>
          <tr className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
            <th scope="col" className="px-3 py-2 font-medium">
              {breakdown ? "Breakdown" : "Cohort"}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Persons
            </th>
            {Array.from({ length: intervals }, (_, i) => (
              <th key={i} scope="col" className="px-2 py-2 text-center font-medium whitespace-nowrap">
                {names.one} {i}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="border-b font-medium">
            <th scope="row" className="px-3 py-1.5 text-left whitespace-nowrap">
              Weighted mean
            </th>
            <td className="px-3 py-1.5 text-right">{formatCount(rows.reduce((sum, row) => sum + row.size, 0))}</td>
            {mean.map((ratio, i) => cell(ratio, null, i))}
          </tr>
          {rows.map((row) => (
            <tr key={row.label + (row.date ?? "")} className="border-b last:border-b-0">
              <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                {rowName(row)}
              </th>
              <td className="px-3 py-1.5 text-right">{formatCount(row.size)}</td>
              {Array.from({ length: intervals }, (_, i) =>
                i < row.cells.length ? cell(row.cells[i].ratio, row.cells[i].count, i, row) : <td key={i} />,
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

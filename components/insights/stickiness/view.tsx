"use client";

import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { KindViewProps } from "@/components/insights/builder/types";
import { CHART_THEME, seriesColor } from "@/components/insights/charts/palette";
import { TOOLTIP_STYLE } from "@/components/insights/charts/tooltip-style";
import { PersonsDialog } from "@/components/insights/persons-dialog";
import { formatCompact, formatCount } from "@/lib/ui/format";
import { displayOf } from "./display-config";
import { stickinessSeries, type StickinessSeries } from "./stickiness-data";
import type { StickinessFilters, StickinessResult } from "./types";


/** A series' colour; its previous period the same, faded (as an 8-digit hex, so the legend shows it faded too). */
const colorOf = (s: StickinessSeries) => `${seriesColor(s.colorIndex)}${s.previous ? "73" : ""}`;

export function StickinessView({ filters, response, compact }: KindViewProps<StickinessFilters, StickinessResult>) {
  const [persons, setPersons] = useState<{ title: string; url: string } | null>(null);
  const { labels, series } = stickinessSeries(response.result, String(filters.interval ?? "day"));
  if (!series.length || series.every((s) => s.total === 0))
    return <p className="grid min-h-40 place-items-center text-sm text-muted-foreground">No one did these events in this range.</p>;
  const data = labels.map((label, i) => ({ label, ...Object.fromEntries(series.map((s) => [s.key, s.data[i] ?? 0])) }));
  const bar = displayOf(filters) === "ActionsBar";
  const Chart = bar ? BarChart : LineChart;
  const chart = (
    <ResponsiveContainer width="100%" height="100%">
      <Chart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 0 }} accessibilityLayer>
        <CartesianGrid stroke={CHART_THEME.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fill: CHART_THEME.axis, fontSize: 12 }} stroke={CHART_THEME.grid} />
        <YAxis allowDecimals={false} tickFormatter={formatCompact} tick={{ fill: CHART_THEME.axis, fontSize: 12 }} stroke={CHART_THEME.grid} width={48} />
        <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: "var(--muted)", stroke: "var(--border)" }} formatter={(value) => `${formatCount(Number(value))} persons`} />
        {series.length > 1 ? <Legend formatter={(value) => <span className="text-foreground">{value}</span>} wrapperStyle={{ fontSize: 12 }} /> : null}
        {series.map((s) =>
          bar ? (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={colorOf(s)} />
          ) : (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={colorOf(s)}
              strokeWidth={2}
              strokeDasharray={s.previous ? "5 4" : undefined}
              dot={{ r: 3 }}
            />
          ),
        )}
      </Chart>
    </ResponsiveContainer>
  );
  if (compact) return <div className="h-full min-h-40">{chart}</div>;
  return (
    <div className="grid gap-4">
      <div className="h-72">{chart}</div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to be scrolled (axe scrollable-region-focusable) */}
      <section className="overflow-x-auto rounded-md border" tabIndex={0} aria-label="Stickiness table">
        <table className="w-full border-collapse text-sm tabular-nums" data-testid="stickiness-table">
          <caption className="sr-only">Persons by the number of {String(filters.interval ?? "day")}s they did each event</caption>
          <thead>
            <tr className="border-b bg-muted/40 text-xs text-muted-foreground">
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Series
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Persons
              </th>
              {labels.map((label) => (
                <th key={label} scope="col" className="px-2 py-2 text-right font-medium whitespace-nowrap">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {series.map((s) => (
              <tr key={s.key} className="border-b last:border-b-0">
                <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                  <span className="mr-2 inline-block size-2.5 rounded-full align-middle" style={{ background: colorOf(s) }} aria-hidden />
                  {s.name}
                </th>
                <td className="px-3 py-1.5 text-right font-medium">{formatCount(s.total)}</td>
                {labels.map((label, i) => (
                  <td key={label} className="px-2 py-1.5 text-right">
                    {s.personsUrls[i] && s.data[i] ? (
                      <button
                        type="button"
                        className="rounded-sm underline-offset-2 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                        aria-label={`${formatCount(s.data[i])} persons of ${s.name} in ${label}: list them`}
                        onClick={() => setPersons({ title: `${s.name} · ${label}`, url: s.personsUrls[i]! })}
                      >
                        {formatCount(s.data[i])}
                      </button>
                    ) : (
                      formatCount(s.data[i] ?? 0)
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {persons ? (
        <PersonsDialog
          title={persons.title}
          url={persons.url}
          description="The persons who did the event in exactly this many intervals of the range."
          open
          onOpenChange={(open) => !open && setPersons(null)}
        />
      ) : null}
    </div>
  );
}

"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { KindViewProps } from "@/components/insights/builder/types";
import { ChartLoading } from "@/components/insights/charts/chart-loading";
import { seriesColor } from "@/components/insights/charts/palette";
import { PersonsDialog } from "@/components/lazy-dialogs";
import { formatCount } from "@/lib/ui/format";
import { displayOf } from "./display-config";
import { stickinessSeries, type StickinessSeries } from "./stickiness-data";
import type { StickinessFilters, StickinessResult } from "./types";

const StickinessDrawing = dynamic(() => import("./drawings").then((m) => m.StickinessDrawing), { ssr: false, loading: ChartLoading });

/** A series' colour; its previous period the same, faded (as an 8-digit hex, so the legend shows it faded too). */
const colorOf = (s: StickinessSeries) => `${seriesColor(s.colorIndex)}${s.previous ? "73" : ""}`;

export function StickinessView({ filters, response, compact }: KindViewProps<StickinessFilters, StickinessResult>) {
  const [persons, setPersons] = useState<{ title: string; url: string } | null>(null);
  const { labels, series } = stickinessSeries(response.result, String(filters.interval ?? "day"));
  if (!series.length || series.every((s) => s.total === 0))
    return <p className="grid min-h-40 place-items-center text-sm text-muted-foreground">No one did these events in this range.</p>;
  const data = labels.map((label, i) => ({ label, ...Object.fromEntries(series.map((s) => [s.key, s.data[i] ?? 0])) }));
  const bar = displayOf(filters) === "ActionsBar";
  const chart = <StickinessDrawing data={data} series={series} bar={bar} colorOf={colorOf} />;
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

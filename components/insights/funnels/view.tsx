"use client";

import { useMemo, useState } from "react";
import type { KindViewProps } from "@/components/insights/builder/types";
import { entitiesOf } from "@/components/insights/controls/entity-list";
import { funnelSeries, resultView, trendSeries, type TFunnelTimeToConvert } from "@/components/insights/funnels/funnel-data";
import { chartSeries, CompareSummary, StepsChart } from "@/components/insights/funnels/steps-chart";
import { StepsTable } from "@/components/insights/funnels/steps-table";
import { TimeToConvertChart } from "@/components/insights/funnels/time-to-convert";
import { FunnelTrendsChart } from "@/components/insights/funnels/trends-chart";
import type { FunnelsFilters } from "@/components/insights/funnels/types";
import { PersonsDialog } from "@/components/lazy-dialogs";

const Empty = ({ children }: { children: string }) => (
  <p className="grid h-48 place-items-center rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">{children}</p>
);

/**
 * The funnel's result in its view (`funnel_viz_type`). A single step is computed (as PostHog does) but converts
 * nowhere: instead of its lone 100 % bar, the view asks for a second step.
 */
export function FunnelsView({ filters, response, compact }: KindViewProps<FunnelsFilters>) {
  if (entitiesOf(filters).length === 1)
    return <Empty>A funnel needs at least two steps. Add a second step to see how many go on from the first.</Empty>;
  const view = resultView(response.result);
  if (view === "time_to_convert") {
    const names = entitiesOf(filters).map((step) => String(step.custom_name || step.name || step.id || "All events"));
    const to = filters.funnel_to_step ?? names.length - 1;
    return (
      <TimeToConvertChart
        result={response.result as TFunnelTimeToConvert}
        fromName={names[filters.funnel_from_step ?? 0] ?? "the first step"}
        toName={names[to] ?? "the last step"}
        compact={compact}
      />
    );
  }
  if (view === "trends") {
    const series = trendSeries(response.result);
    return <FunnelTrendsChart series={series} compact={compact} />;
  }
  return <StepsView filters={filters} response={response} compact={compact} />;
}

function StepsView({ filters, response, compact }: Pick<KindViewProps<FunnelsFilters>, "filters" | "response" | "compact">) {
  const series = useMemo(() => chartSeries(funnelSeries(response.result)), [response.result]);
  const [persons, setPersons] = useState<{ title: string; url: string } | null>(null);
  const [personsOpen, setPersonsOpen] = useState(false);
  if (!series.length || series[0].rows.length === 0) return <Empty>Add steps to see the funnel.</Empty>;
  if (series.every((s) => (s.rows[0]?.count ?? 0) === 0))
    return <Empty>Nobody entered this funnel in the date range. Try a longer range or another first step.</Empty>;
  const compared = series.some((s) => s.period !== null);
  return (
    <div className={compact ? "h-full min-h-48" : "grid gap-4"}>
      {compared && !compact ? <CompareSummary series={series} timezone={response.timezone} /> : null}
      <StepsChart
        series={series}
        reference={filters.funnel_step_reference ?? "total"}
        layout={filters.layout ?? "vertical"}
        compact={compact}
        onOpenPersons={(title, url) => {
          setPersons({ title, url });
          setPersonsOpen(true);
        }}
      />
      {compact ? null : <StepsTable series={series} />}
      {persons ? <PersonsDialog title={persons.title} url={persons.url} open={personsOpen} onOpenChange={setPersonsOpen} /> : null}
    </div>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { type OrderField, StatsTable } from "@/components/web/stats-table";
import { webQuery, type WebSource, type WebStatsRow } from "@/lib/ui/web/queries";

/** Rows a card lists, and after "Show more". */
const FEW = 10;
const MANY = 100;

export interface StatsTab {
  breakdown: string;
  label: string;
}

/**
 * One breakdown card: its tabs (Page, Entry, Exit…), the top rows by visitors (sortable by any column), "Show
 * more", and a click on a row that filters the page (`onPick`, when the row stands for a pageview property).
 */
export function StatsCard({
  source,
  title,
  tabs,
  common,
  onPick,
}: {
  source: WebSource;
  title: string;
  tabs: StatsTab[];
  common: Record<string, unknown>;
  onPick: (breakdown: string, value: string) => (() => void) | null;
}) {
  const [tab, setTab] = useState(tabs[0]);
  const [many, setMany] = useState(false);
  const [order, setOrder] = useState<[OrderField, "ASC" | "DESC"]>(["Visitors", "DESC"]);
  const query = { kind: "WebStatsTableQuery", breakdownBy: tab.breakdown, limit: many ? MANY : FEW, orderBy: order, ...common };
  const answer = useQuery(webQuery(source, query));
  const rows = (answer.data?.results ?? []) as WebStatsRow[];
  const columns = (answer.data?.columns ?? []).slice(1);
  const sortBy = (field: OrderField) => setOrder(([f, d]) => [field, f === field && d === "DESC" ? "ASC" : "DESC"]);
  return (
    <section className="grid content-start gap-2 rounded-lg border bg-card p-3" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-medium">{title}</h2>
        {tabs.length > 1 && (
          <fieldset className="flex gap-1">
            <legend className="sr-only">{`${title} breakdown`}</legend>
            {tabs.map((t) => (
              <Button
                key={t.breakdown}
                size="sm"
                variant={t === tab ? "secondary" : "ghost"}
                aria-pressed={t === tab}
                onClick={() => setTab(t)}
              >
                {t.label}
              </Button>
            ))}
          </fieldset>
        )}
      </div>
      {answer.isPending ? (
        <Skeleton className="h-40" />
      ) : answer.isError ? (
        <p className="text-sm text-destructive">{answer.error.message}</p>
      ) : rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No pageviews in this range.</p>
      ) : (
        <StatsTable
          label={tab.label}
          columns={columns}
          rows={rows}
          order={order}
          onSort={sortBy}
          onPick={(value) => onPick(tab.breakdown, value)}
        />
      )}
      {(answer.data?.hasMore || many) && (
        <Button size="sm" variant="ghost" className="justify-self-start" onClick={() => setMany(!many)}>
          {many ? "Show fewer" : "Show more"}
        </Button>
      )}
    </section>
  );
}

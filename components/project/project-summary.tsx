import { ChartLineIcon, ListIcon, PlusIcon } from "lucide-react";
import Link from "next/link";
import { eventTrendHref } from "@/components/events/event-trend";
import { RelativeTime } from "@/components/relative-time";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount } from "@/lib/ui/format";
import type { TEventSummary } from "@/lib/ui/types";

/** What a project holds: recent volumes, its newest event, its top events (each opening the explorer), and insights to start. */
export function ProjectSummary({ projectId, summary }: { projectId: number; summary: TEventSummary }) {
  const stats = [
    { label: "Events in the last 24 hours", value: formatCount(summary.events_last_24_hours) },
    { label: "Events in the last 30 days", value: formatCount(summary.events_last_30_days) },
    { label: "Last event", value: summary.last_event_at ? <RelativeTime iso={summary.last_event_at} /> : "Never" },
  ];
  const top = summary.top_events[0]?.count ?? 0;
  return (
    <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
      <section aria-label="Project activity" className="grid content-start gap-4">
        <dl className="grid gap-4 sm:grid-cols-3">
          {stats.map(({ label, value }) => (
            <div key={label} className="grid gap-1 rounded-lg border bg-card p-4">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <Card>
          <CardHeader className="flex flex-row items-start justify-between gap-4">
            <div className="grid gap-1.5">
              <CardTitle>Top events</CardTitle>
              <CardDescription>The most frequent events of the last 30 days.</CardDescription>
            </div>
            <Button asChild variant="outline" size="sm">
              <Link href={`/project/${projectId}/events`}>
                <ListIcon /> All events
              </Link>
            </Button>
          </CardHeader>
          <CardContent>
            {summary.top_events.length === 0 ? (
              <p className="text-sm text-muted-foreground">No events in the last 30 days.</p>
            ) : (
              <ol className="grid gap-1" aria-label="Top events">
                {summary.top_events.map(({ event, count }) => (
                  <li
                    key={event}
                    className="relative flex items-center justify-between gap-3 overflow-hidden rounded-md px-2 py-1.5 text-sm"
                  >
                    {/* The bar shows the event's share of the top one's count. */}
                    <span
                      aria-hidden
                      className="absolute inset-y-0 left-0 rounded-md bg-primary/10"
                      style={{ width: `${(count / top) * 100}%` }}
                    />
                    <Link
                      href={`/project/${projectId}/events?${new URLSearchParams({ event })}`}
                      className="relative min-w-0 truncate font-medium hover:underline"
                    >
                      {event}
                    </Link>
                    <span className="relative flex shrink-0 items-center gap-3 tabular-nums">
                      {formatCount(count)}
                      <Link
                        href={eventTrendHref(projectId, { event })}
                        className="text-xs text-primary hover:underline"
                        aria-label={`Trend of ${event}`}
                      >
                        Trend
                      </Link>
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
      </section>
      <Card className="content-start">
        <CardHeader>
          <CardTitle>Create an insight</CardTitle>
          <CardDescription>Analyse these events: trends over time, funnels, retention, paths.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <Button asChild className="justify-start">
            <Link href={`/project/${projectId}/insights/new`}>
              <PlusIcon /> New insight
            </Link>
          </Button>
          {summary.top_events.slice(0, 3).map(({ event }) => (
            <Button key={event} asChild variant="outline" className="justify-start">
              <Link href={eventTrendHref(projectId, { event })}>
                <ChartLineIcon /> <span className="truncate">Trend of {event}</span>
              </Link>
            </Button>
          ))}
        </CardContent>
      </Card>
    </div>
  );
}

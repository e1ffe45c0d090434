"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { createColumnHelper, useTable } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo, useState, type ReactNode } from "react";
import { clientTableFeatures, DataTable } from "@/components/data-table";
import { propertyText } from "@/components/properties-table";
import { RelativeTime } from "@/components/relative-time";
import { EventDialog } from "@/components/events/event-dialog";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { personName } from "@/lib/persons/schemas";
import { formatCount } from "@/lib/ui/format";
import { eventsQuery } from "@/lib/ui/project/queries";
import type { EventListParams } from "@/lib/ui/query-keys";
import type { TEvent } from "@/lib/ui/types";

/** How often a live table asks for new events. */
const LIVE_INTERVAL_MS = 5_000;

const helper = createColumnHelper<typeof clientTableFeatures, TEvent>();
const none: TEvent[] = [];

function columnsOf(projectId: number, propertyKeys: string[], open: (event: TEvent) => void) {
  return helper.columns([
    helper.display({
      id: "event",
      header: "Event",
      cell: ({ row }) => (
        <button
          type="button"
          onClick={() => open(row.original)}
          className="max-w-64 truncate rounded text-left font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {row.original.event}
        </button>
      ),
    }),
    helper.display({
      id: "person",
      header: "Person",
      cell: ({ row }) => {
        const { person, distinct_id } = row.original;
        if (!person) return <span className="font-mono text-xs text-muted-foreground">{distinct_id}</span>;
        return (
          <Link href={`/project/${projectId}/persons/${person.id}`} className="block max-w-56 truncate hover:underline">
            {personName(person.properties, person.distinct_ids, person.id)}
          </Link>
        );
      },
    }),
    ...propertyKeys.map((key) =>
      helper.display({
        id: `property:${key}`,
        header: () => <span className="font-mono">{key}</span>,
        cell: ({ row }) => {
          const value = row.original.properties[key];
          if (value === undefined) return <span className="text-muted-foreground">—</span>;
          const text = propertyText(value);
          return (
            <span className="block max-w-72 truncate" title={text}>
              {text}
            </span>
          );
        },
      }),
    ),
    helper.display({
      id: "timestamp",
      header: "Time",
      cell: ({ row }) => <RelativeTime iso={row.original.timestamp} />,
      meta: { className: "text-muted-foreground" },
    }),
  ]);
}

/**
 * A project's events, newest first, as PostHog's events explorer: filtered by the API, older pages loaded by its
 * `next` links, `propertyKeys` as extra columns; live, it asks again every few seconds. An event's name opens it
 * in full.
 */
export function EventsTable({
  projectId,
  params,
  propertyKeys,
  toolbar,
  empty,
  label = "Events",
}: {
  projectId: number;
  params: EventListParams;
  propertyKeys: string[];
  toolbar?: ReactNode;
  empty: ReactNode;
  label?: string;
}) {
  const [live, setLive] = useState(false);
  const [opened, setOpened] = useState<TEvent | null>(null);
  const events = useInfiniteQuery({ ...eventsQuery(projectId, params), refetchInterval: live ? LIVE_INTERVAL_MS : false });
  const data = useMemo(() => events.data?.pages.flatMap((page) => page.results) ?? none, [events.data]);
  const columns = useMemo(() => columnsOf(projectId, propertyKeys, setOpened), [projectId, propertyKeys]);
  const table = useTable({
    features: clientTableFeatures,
    columns,
    data,
    getRowId: (event) => event.id,
    // Every loaded event on one page: older ones come by "Load more", not by pages.
    state: { pagination: { pageIndex: 0, pageSize: Math.max(data.length, 1) } },
    manualPagination: true,
    rowCount: data.length,
    enableSorting: false,
  });
  const switchId = `${label.replace(/\W+/g, "-").toLowerCase()}-live`;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        {toolbar}
        <div className="ml-auto flex items-center gap-2">
          <Switch id={switchId} checked={live} onCheckedChange={setLive} />
          <Label htmlFor={switchId}>Live</Label>
          <span className="sr-only" role="status">
            {live ? "New events appear as they arrive." : ""}
          </span>
        </div>
      </div>
      <DataTable table={table} label={label} isPending={events.isPending} error={events.error} empty={empty} />
      {data.length > 0 && (
        <div className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
          <span>
            {formatCount(data.length)} event{data.length === 1 ? "" : "s"} shown
          </span>
          {events.hasNextPage ? (
            <Button variant="outline" size="sm" disabled={events.isFetchingNextPage} onClick={() => events.fetchNextPage()}>
              {events.isFetchingNextPage ? "Loading…" : "Load older events"}
            </Button>
          ) : (
            <span>No older events.</span>
          )}
        </div>
      )}
      <EventDialog projectId={projectId} event={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

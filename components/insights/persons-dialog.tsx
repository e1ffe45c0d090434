"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CheckIcon, ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { SaveAsCohortButton } from "@/components/insights/save-as-cohort";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { apiPath, errorMessage } from "@/lib/ui/api-client";
import { formatCount, formatDate } from "@/lib/ui/format";
import { cn } from "@/lib/ui/utils";
import { personsPageQuery } from "@/lib/ui/insights/queries";

/** A listed actor's cells: a person, or a group when the analysis is aggregated by a group type. */
function actorCells(actor: {
  uuid?: string;
  name?: string;
  distinct_ids?: string[];
  type?: string;
  group_key?: string;
  properties: Record<string, unknown>;
}) {
  if (actor.type === "group")
    return { key: `group:${actor.group_key}`, name: String(actor.properties.name ?? actor.group_key), ids: actor.group_key };
  return { key: actor.uuid ?? "", name: actor.name ?? "", ids: (actor.distinct_ids ?? []).join(", ") };
}

/** A retention row's persons: the row's intervals, each person's marked where it came back, one highlighted. */
export interface RetentionColumns {
  /** "Day 0", "Day 1", … */
  labels: string[];
  /** The interval of the clicked cell. */
  selected: number;
}

/**
 * The persons behind a data point, a funnel step or a retention row, a page at a time: `url` is a GET API path
 * answering PostHog's actors shape (`{results: [{people, count}], next}`), such as a trend item's `persons_urls`
 * entry or a funnel step's `converted_people_url`; with `retention`, a retention `people_url` (PostHog's
 * retention actors: each person with its `appearances`, shown as a column per interval). `children` sits above
 * the list (a chooser between series, say).
 */
export function PersonsDialog({
  title,
  url,
  open,
  onOpenChange,
  description,
  retention,
  children,
}: {
  title: string;
  url: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description?: string;
  retention?: RetentionColumns;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={retention ? "sm:max-w-4xl" : "sm:max-w-2xl"}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description ?? "The persons counted in this data point."}</DialogDescription>
        </DialogHeader>
        {children}
        {/* A new address starts again at its first page. */}
        {open ? <PersonsPages key={url} url={url} retention={retention} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PersonsPages({ url, retention }: { url: string; retention?: RetentionColumns }) {
  // The pages visited so far: Previous goes back along them, Next follows the page's `next`.
  const [trail, setTrail] = useState([{ path: apiPath(url), offset: 0 }]);
  const current = trail.at(-1)!;
  const query = useQuery({ ...personsPageQuery(current.path, retention ? "retention" : "actors"), placeholderData: keepPreviousData });
  const people = query.data?.people ?? [];
  const appearances = query.data?.appearances ?? [];
  const next = query.data?.next ?? null;
  const columns = 3 + (retention?.labels.length ?? 0);
  const firstIndex = current.offset;
  return (
    <div className="grid gap-3">
      {query.isError ? (
        <FormAlert>{errorMessage(query.error)}</FormAlert>
      ) : (
        <section
          className="max-h-[50vh] overflow-auto rounded-md border"
          aria-busy={query.isFetching}
          aria-label="Persons list"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to be scrolled (axe scrollable-region-focusable)
          tabIndex={0}
        >
          <Table aria-label="Persons">
            <TableHeader className="bg-muted/40">
              <TableRow className="hover:bg-transparent">
                <TableHead>Person</TableHead>
                <TableHead>Distinct IDs</TableHead>
                <TableHead>First seen</TableHead>
                {retention?.labels.map((label, i) => (
                  <TableHead
                    key={label}
                    className={cn("px-1 text-center whitespace-nowrap", i === retention.selected && "bg-primary/10 text-foreground")}
                  >
                    {label}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {query.isPending ? (
                Array.from({ length: 4 }, (_, i) => (
                  <TableRow key={i} className="hover:bg-transparent">
                    {Array.from({ length: columns }, (_, j) => (
                      <TableCell key={j}>
                        <Skeleton className="h-5 w-full max-w-40" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : people.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={columns} className="h-20 text-center text-muted-foreground">
                    Nobody is counted here.
                  </TableCell>
                </TableRow>
              ) : (
                people.map((person, row) => (
                  <TableRow key={actorCells(person).key}>
                    <TableCell className="max-w-56 truncate font-medium">{actorCells(person).name}</TableCell>
                    <TableCell className="max-w-56 truncate text-muted-foreground">{actorCells(person).ids}</TableCell>
                    <TableCell className="text-muted-foreground">{formatDate(person.created_at)}</TableCell>
                    {retention?.labels.map((label, i) => (
                      <TableCell key={label} className={cn("px-1 text-center", i === retention.selected && "bg-primary/10")}>
                        {appearances[row]?.[i] ? (
                          <CheckIcon className="mx-auto size-4 text-primary" aria-label={`Back in ${label}`} />
                        ) : (
                          <span className="sr-only">Not back in {label}</span>
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </section>
      )}
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span role="status">
          {people.length
            ? `${formatCount(firstIndex + 1)}–${formatCount(firstIndex + people.length)}${next ? "" : ` of ${formatCount(firstIndex + people.length)}`}`
            : null}
        </span>
        <div className="flex items-center gap-1">
          {people.length && !people.some((actor) => "type" in actor && actor.type === "group") ? <SaveAsCohortButton url={url} /> : null}
          <Button variant="outline" size="sm" disabled={trail.length === 1} onClick={() => setTrail(trail.slice(0, -1))}>
            <ChevronLeftIcon /> Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!next || query.isFetching}
            onClick={() => next && setTrail([...trail, { path: apiPath(next), offset: current.offset + people.length }])}
          >
            Next <ChevronRightIcon />
          </Button>
        </div>
      </div>
    </div>
  );
}

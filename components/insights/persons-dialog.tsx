"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/ui/api-client";
import { formatCount, formatDate } from "@/lib/ui/format";
import { actorsPageQuery } from "@/lib/ui/queries";

/** An API address as a same-origin path (PostHog's `next` links are absolute). */
const apiPath = (url: string) => (/^https?:\/\//.test(url) ? `${new URL(url).pathname}${new URL(url).search}` : url);

/**
 * The persons behind a data point or a funnel step, a page at a time: `url` is a GET API path answering PostHog's
 * actors shape (`{results: [{people, count}], next}`), such as a trend item's `persons_urls` entry or a funnel
 * step's `converted_people_url`. `children` sits above the list (a chooser between series, say).
 */
export function PersonsDialog({
  title,
  url,
  open,
  onOpenChange,
  description,
  children,
}: {
  title: string;
  url: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description ?? "The persons counted in this data point."}</DialogDescription>
        </DialogHeader>
        {children}
        {/* A new address starts again at its first page. */}
        {open ? <PersonsPages key={url} url={url} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PersonsPages({ url }: { url: string }) {
  // The pages visited so far: Previous goes back along them, Next follows the page's `next`.
  const [trail, setTrail] = useState([{ path: apiPath(url), offset: 0 }]);
  const current = trail.at(-1)!;
  const query = useQuery({ ...actorsPageQuery(current.path), placeholderData: keepPreviousData });
  const people = query.data?.results[0]?.people ?? [];
  const next = query.data?.next ?? null;
  const firstIndex = current.offset;
  return (
    <div className="grid gap-3">
      {query.isError ? (
        <FormAlert>{errorMessage(query.error)}</FormAlert>
      ) : (
        <div className="max-h-[50vh] overflow-auto rounded-md border" aria-busy={query.isFetching} role="region" aria-label="Persons list" tabIndex={0}>
          <Table aria-label="Persons">
            <TableHeader className="bg-muted/40">
              <TableRow className="hover:bg-transparent">
                <TableHead>Person</TableHead>
                <TableHead>Distinct IDs</TableHead>
                <TableHead>First seen</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {query.isPending ? (
                Array.from({ length: 4 }, (_, i) => (
                  <TableRow key={i} className="hover:bg-transparent">
                    {Array.from({ length: 3 }, (_, j) => (
                      <TableCell key={j}>
                        <Skeleton className="h-5 w-full max-w-40" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : people.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={3} className="h-20 text-center text-muted-foreground">
                    Nobody is counted here.
                  </TableCell>
                </TableRow>
              ) : (
                people.map((person) => (
                  <TableRow key={person.uuid}>
                    <TableCell className="max-w-56 truncate font-medium">{person.name}</TableCell>
                    <TableCell className="max-w-56 truncate text-muted-foreground">{person.distinct_ids.join(", ")}</TableCell>
                    <TableCell className="text-muted-foreground">{formatDate(person.created_at)}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
      )}
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span role="status">
          {people.length ? `${formatCount(firstIndex + 1)}–${formatCount(firstIndex + people.length)}${next ? "" : ` of ${formatCount(firstIndex + people.length)}`}` : null}
        </span>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="sm" disabled={trail.length === 1} onClick={() => setTrail(trail.slice(0, -1))}>
            <ChevronLeftIcon /> Previous
          </Button>
          <Button variant="outline" size="sm" disabled={!next || query.isFetching} onClick={() => next && setTrail([...trail, { path: apiPath(next), offset: current.offset + people.length }])}>
            Next <ChevronRightIcon />
          </Button>
        </div>
      </div>
    </div>
  );
}

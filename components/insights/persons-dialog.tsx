"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { ChevronLeftIcon, ChevronRightIcon, UserIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/ui/api-client";
import { formatCount, formatDate } from "@/lib/ui/format";
import { actorsQuery } from "@/lib/ui/queries";
import type { TActorsResponse } from "@/lib/ui/types";

type Person = TActorsResponse["results"][number]["people"][number];

/**
 * The persons behind a data point (a funnel step, a trend point…): `url` is a GET API path answering PostHog's
 * actors shape (`{results: [{people, count}], next}`), listed a page at a time.
 */
export function PersonsDialog({ title, url, open, onOpenChange }: { title: string; url: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>The persons behind this data point, a page at a time.</DialogDescription>
        </DialogHeader>
        {/* Keyed by the URL: another data point starts again at its first page. */}
        {open ? <PersonsPages key={url} url={url} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PersonsPages({ url }: { url: string }) {
  const query = useInfiniteQuery(actorsQuery(url));
  const [pageIndex, setPageIndex] = useState(0);
  const pages = query.data?.pages ?? [];
  const page = pages[pageIndex];
  const people = page?.results.flatMap((result) => result.people) ?? [];
  const before = pages.slice(0, pageIndex).reduce((sum, p) => sum + p.results.reduce((s, r) => s + r.people.length, 0), 0);
  const hasNext = pageIndex < pages.length - 1 || query.hasNextPage;

  const next = async () => {
    if (pageIndex === pages.length - 1) await query.fetchNextPage();
    setPageIndex((index) => index + 1);
  };

  if (query.isPending)
    return (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading persons">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  if (query.isError) return <FormAlert>{errorMessage(query.error)}</FormAlert>;
  if (pageIndex === 0 && people.length === 0) return <p className="py-8 text-center text-sm text-muted-foreground">Nobody here.</p>;

  return (
    <div className="grid gap-3">
      <ul className="grid max-h-[55vh] divide-y overflow-y-auto rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring/50" tabIndex={0} aria-label="Persons" aria-busy={query.isFetchingNextPage}>
        {people.map((person) => (
          <PersonRow key={person.uuid} person={person} />
        ))}
      </ul>
      <div className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
        <span role="status">
          {people.length ? `${formatCount(before + 1)}–${formatCount(before + people.length)}` : "None"}
          {hasNext ? "" : ` of ${formatCount(before + people.length)}`}
        </span>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon-sm" aria-label="Previous page" disabled={pageIndex === 0} onClick={() => setPageIndex((index) => index - 1)}>
            <ChevronLeftIcon />
          </Button>
          <span className="px-2">Page {pageIndex + 1}</span>
          <Button variant="outline" size="icon-sm" aria-label="Next page" disabled={!hasNext || query.isFetchingNextPage} onClick={next}>
            <ChevronRightIcon />
          </Button>
        </div>
      </div>
    </div>
  );
}

function PersonRow({ person }: { person: Person }) {
  const email = typeof person.properties.email === "string" ? person.properties.email : null;
  return (
    <li className="flex items-center gap-3 px-3 py-2 text-sm">
      <span className="grid size-7 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground" aria-hidden>
        <UserIcon className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1">
        <span className="truncate font-medium">{person.name}</span>
        <span className="truncate text-xs text-muted-foreground">{email && email !== person.name ? email : person.distinct_ids[0]}</span>
      </div>
      <span className="shrink-0 text-xs text-muted-foreground">{person.is_identified ? "Identified" : "Anonymous"}</span>
      <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">First seen {formatDate(person.created_at)}</span>
    </li>
  );
}

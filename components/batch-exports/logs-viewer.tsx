"use client";

import { useQuery } from "@tanstack/react-query";
import { ChevronLeftIcon, ChevronRightIcon, XIcon } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { LOGS_RUN_PARAM, LOGS_SECTION_ID } from "@/components/batch-exports/runs-table";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormAlert } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/ui/format";
import { batchExportLogsQuery, isRunActive } from "@/lib/ui/batch-exports/queries";
import type { TBatchExport, TBatchExportLogEntry } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";
import { cn } from "@/lib/ui/utils";

const PAGE_SIZE = 50;
const LEVELS: TBatchExportLogEntry["level"][] = ["DEBUG", "LOG", "INFO", "WARNING", "ERROR"];
const LEVEL_CLASSES: Record<TBatchExportLogEntry["level"], string> = {
  DEBUG: "text-muted-foreground",
  LOG: "text-muted-foreground",
  INFO: "text-sky-800 dark:text-sky-300",
  WARNING: "text-amber-900 dark:text-amber-300",
  ERROR: "text-destructive",
};
const LIVE_REFRESH_MS = 3_000;

const timestamp = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * What the export's runs logged, newest first, a page at a time: by level, by words in the message, and by run when
 * opened from one (the run's id is in the URL, `?run=`). Follows new entries while a run is under way.
 */
export function LogsViewer({ batchExport }: { batchExport: TBatchExport }) {
  const { organization } = useMe();
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const runId = params.get(LOGS_RUN_PARAM);
  const [levels, setLevels] = useState<TBatchExportLogEntry["level"][]>([]);
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const logs = useQuery({
    ...batchExportLogsQuery(organization.id, batchExport.id, {
      level: levels.length ? levels.join(",") : undefined,
      search: search || undefined,
      instance_id: runId ?? undefined,
      offset: page * PAGE_SIZE,
      limit: PAGE_SIZE,
    }),
    refetchInterval: batchExport.latest_runs.some(isRunActive) ? LIVE_REFRESH_MS : false,
  });

  const toggleLevel = (level: TBatchExportLogEntry["level"], on: boolean) => {
    setLevels((current) => (on ? [...current, level] : current.filter((item) => item !== level)));
    setPage(0);
  };
  const clearRun = () => {
    const next = new URLSearchParams(params.toString());
    next.delete(LOGS_RUN_PARAM);
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    setPage(0);
  };
  const count = logs.data?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const filtered = levels.length > 0 || !!search || !!runId;

  return (
    <section id={LOGS_SECTION_ID} className="grid scroll-mt-6 gap-3" aria-labelledby="logs-title">
      <div className="grid gap-1">
        <h2 id="logs-title" className="text-lg font-semibold">
          Logs
        </h2>
        <p className="text-sm text-muted-foreground">What the runs wrote as they went, newest first.</p>
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
        <SearchInput
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(0);
          }}
          placeholder="Search log messages"
          className="w-full sm:w-72"
        />
        <LevelFilter levels={levels} onToggle={toggleLevel} />
        {runId && (
          <span className="inline-flex items-center gap-1 rounded-md border bg-muted/50 py-0.5 pr-0.5 pl-2 text-xs">
            Run <span className="font-mono">{runId.slice(0, 8)}</span>
            <Button variant="ghost" size="icon-sm" className="size-6" onClick={clearRun} aria-label="Show the logs of every run">
              <XIcon />
            </Button>
          </span>
        )}
      </div>
      <div className="overflow-hidden rounded-lg border bg-card">
        {logs.isPending ? (
          <div role="status" aria-label="Loading logs" className="grid gap-2 p-4">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-5 w-full" />
            ))}
          </div>
        ) : logs.isError ? (
          <div className="p-4">
            <FormAlert>{logs.error.message}</FormAlert>
          </div>
        ) : logs.data.results.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">
            {filtered ? "No log entry matches these filters." : "Nothing logged yet. Runs log as they start, write and finish."}
          </p>
        ) : (
          <LogEntryList entries={logs.data.results} busy={logs.isFetching && logs.isPlaceholderData} />
        )}
        {count > PAGE_SIZE && (
          <div className="flex items-center justify-between gap-4 border-t px-3 py-2 text-sm text-muted-foreground">
            <span>
              {formatCount(page * PAGE_SIZE + 1)}–{formatCount(Math.min(count, (page + 1) * PAGE_SIZE))} of {formatCount(count)}
            </span>
            <div className="flex items-center gap-1">
              <Button variant="outline" size="icon-sm" aria-label="Newer entries" disabled={page === 0} onClick={() => setPage(page - 1)}>
                <ChevronLeftIcon />
              </Button>
              <span className="px-2">
                Page {page + 1} of {pageCount}
              </span>
              <Button
                variant="outline"
                size="icon-sm"
                aria-label="Older entries"
                disabled={page + 1 >= pageCount}
                onClick={() => setPage(page + 1)}
              >
                <ChevronRightIcon />
              </Button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}

/** The level checkboxes; none ticked shows every level. */
function LevelFilter({
  levels,
  onToggle,
}: {
  levels: TBatchExportLogEntry["level"][];
  onToggle: (level: TBatchExportLogEntry["level"], on: boolean) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <legend className="sr-only">Levels (none ticked: all)</legend>
      {LEVELS.map((level) => (
        <div key={level} className="flex items-center gap-1.5">
          <Checkbox
            id={`log-level-${level}`}
            checked={levels.includes(level)}
            onCheckedChange={(checked) => onToggle(level, checked === true)}
          />
          <Label htmlFor={`log-level-${level}`} className="font-mono text-xs">
            {level}
          </Label>
        </div>
      ))}
    </fieldset>
  );
}

/** One line per entry: when, level, run and message. */
function LogEntryList({ entries, busy }: { entries: TBatchExportLogEntry[]; busy: boolean }) {
  return (
    <ol aria-label="Log entries" aria-busy={busy} className="divide-y font-mono text-xs">
      {entries.map((entry, index) => (
        <li key={`${entry.timestamp}-${index}`} className="grid gap-x-3 gap-y-0.5 px-4 py-2 sm:grid-cols-[10rem_4.5rem_5rem_1fr]">
          <time dateTime={entry.timestamp} className="text-muted-foreground tabular-nums">
            {timestamp.format(new Date(entry.timestamp))}
          </time>
          <span className={cn("font-semibold", LEVEL_CLASSES[entry.level])}>{entry.level}</span>
          <span className="text-muted-foreground" title={entry.instance_id ?? undefined}>
            {entry.instance_id ? entry.instance_id.slice(0, 8) : ""}
          </span>
          <span className="break-words whitespace-pre-wrap">{entry.message}</span>
        </li>
      ))}
    </ol>
  );
}

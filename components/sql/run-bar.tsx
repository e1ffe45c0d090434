"use client";

import { PlayIcon, SquareIcon } from "lucide-react";
import { DateRangePicker } from "@/components/insights/controls/date-range-picker";
import { Button } from "@/components/ui/button";
import type { HogQLFilters } from "@/lib/ui/sql/queries";

/**
 * Run and Cancel, the keys' help, and, when the query has a `{filters}` placeholder, the date range it applies (as
 * a dashboard's range does to the saved insight).
 */
export function RunBar({
  running,
  canRun,
  onRun,
  onCancel,
  filters,
  onFilters,
}: {
  running: boolean;
  canRun: boolean;
  onRun: () => void;
  onCancel: () => void;
  /** The `{filters}` values; undefined when the query has no such placeholder. */
  filters: HogQLFilters | undefined;
  onFilters: (filters: HogQLFilters) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button onClick={onRun} disabled={running || !canRun}>
        <PlayIcon /> Run
      </Button>
      {running && (
        <Button variant="outline" onClick={onCancel}>
          <SquareIcon /> Cancel
        </Button>
      )}
      {filters && (
        <span className="flex items-center gap-2 text-xs text-muted-foreground">
          <code>{"{filters}"}</code>
          <DateRangePicker
            value={filters.dateRange ?? {}}
            defaultLabel="All time"
            onChange={({ date_from, date_to }) =>
              onFilters({ ...filters, dateRange: date_from && date_from !== "all" ? { date_from, date_to } : undefined })
            }
          />
        </span>
      )}
      <p id="sql-editor-help" className="text-xs text-muted-foreground">
        Ctrl+Enter (⌘+Enter on a Mac) runs the query; Tab leaves the editor; Ctrl+Space completes names.
      </p>
    </div>
  );
}

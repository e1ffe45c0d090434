"use client";

import { HistoryIcon } from "lucide-react";
import { formatRelative } from "@/lib/ui/format";
import type { HistoryEntry } from "@/lib/ui/sql/history";

/** The user's recent queries in this project, newest first; choosing one puts it back in the editor. */
export function HistoryList({ entries, onRestore }: { entries: HistoryEntry[]; onRestore: (query: string) => void }) {
  return (
    <section aria-labelledby="sql-history-title" className="grid content-start gap-2">
      <h2 id="sql-history-title" className="flex items-center gap-1.5 text-sm font-semibold">
        <HistoryIcon className="size-4" aria-hidden /> History
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Queries you run are listed here (kept in this browser).</p>
      ) : (
        <ul className="grid gap-1">
          {entries.map((entry) => (
            <li key={entry.query}>
              <button
                type="button"
                onClick={() => onRestore(entry.query)}
                className="grid w-full gap-0.5 rounded-md border px-2 py-1.5 text-left hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <code className="line-clamp-2 font-mono text-xs break-all">{entry.query}</code>
                <span className="text-xs text-muted-foreground">{formatRelative(entry.ranAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

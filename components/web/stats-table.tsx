"use client";

import { ArrowDownIcon, ArrowUpIcon } from "lucide-react";
import { formatCount, formatPercent } from "@/lib/ui/format";
import type { WebStatsRow } from "@/lib/ui/web/queries";

export type OrderField = "Visitors" | "Views" | "BounceRate";
const COLUMN_FIELDS: Record<string, { field: OrderField; label: string }> = {
  "context.columns.visitors": { field: "Visitors", label: "Visitors" },
  "context.columns.views": { field: "Views", label: "Views" },
  "context.columns.bounce_rate": { field: "BounceRate", label: "Bounce rate" },
};

/** A stats table's rows: the value (a button when a click filters by it), then each column's current figure; headers sort. */
export function StatsTable({
  label,
  columns,
  rows,
  order,
  onSort,
  onPick,
}: {
  label: string;
  columns: string[];
  rows: WebStatsRow[];
  order: [OrderField, "ASC" | "DESC"];
  onSort: (field: OrderField) => void;
  onPick: (value: string) => (() => void) | null;
}) {
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-muted-foreground">
          <th className="py-1 font-medium">{label}</th>
          {columns.map((column) => {
            const { field, label } = COLUMN_FIELDS[column];
            const sorted = order[0] === field;
            return (
              <th
                key={column}
                className="py-1 text-right font-medium"
                aria-sort={sorted ? (order[1] === "DESC" ? "descending" : "ascending") : "none"}
              >
                <button type="button" className="inline-flex items-center gap-0.5 hover:text-foreground" onClick={() => onSort(field)}>
                  {label}
                  {sorted &&
                    (order[1] === "DESC" ? (
                      <ArrowDownIcon className="size-3" aria-hidden />
                    ) : (
                      <ArrowUpIcon className="size-3" aria-hidden />
                    ))}
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map(([value, ...cells]) => {
          const pick = value === null ? null : onPick(value);
          const text = value ?? "(none)";
          return (
            <tr key={String(value)} className="border-t">
              <td className="max-w-0 truncate py-1" title={text}>
                {pick ? (
                  <button
                    type="button"
                    className="max-w-full truncate text-left text-primary hover:underline"
                    onClick={pick}
                    aria-label={`Filter by ${text}`}
                  >
                    {text}
                  </button>
                ) : (
                  text
                )}
              </td>
              {cells.map(([current], i) => (
                <td key={columns[i]} className="py-1 text-right tabular-nums">
                  {current === null ? "—" : columns[i] === "context.columns.bounce_rate" ? formatPercent(current) : formatCount(current)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

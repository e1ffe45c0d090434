"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { formatCount, formatDuration, formatPercent } from "@/lib/ui/format";
import { shortItem } from "./path-item-picker";
import { busiestTransitions, parseNodeKey } from "./sankey-data";
import type { PathsResult } from "./types";

/** Transitions the table lists before "Show all". */
const TABLE_ROWS = 20;

/** The busiest transitions as a table: the first rows, all of them on demand. */
export function TransitionsTable({ edges }: { edges: PathsResult }) {
  const [allRows, setAllRows] = useState(false);
  const outflow = new Map<string, number>();
  for (const edge of edges) outflow.set(edge.source, (outflow.get(edge.source) ?? 0) + edge.value);
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to be scrolled (axe scrollable-region-focusable) */}
      <section className="overflow-x-auto rounded-md border" tabIndex={0} aria-label="Busiest transitions">
        <table
          className="w-full min-w-[36rem] table-fixed border-collapse text-sm whitespace-nowrap tabular-nums"
          data-testid="paths-table"
        >
          <caption className="sr-only">The busiest transitions between consecutive steps</caption>
          <colgroup>
            <col className="w-14" />
            <col />
            <col />
            <col className="w-20" />
            <col className="w-20" />
            <col className="w-20" />
          </colgroup>
          <thead>
            <tr className="border-b bg-muted/40 text-xs text-muted-foreground">
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Step
              </th>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                From
              </th>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                To
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Sessions
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Of “from”
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Avg. time
              </th>
            </tr>
          </thead>
          <tbody>
            {busiestTransitions(edges)
              .slice(0, allRows ? undefined : TABLE_ROWS)
              .map((edge) => {
                const source = parseNodeKey(edge.source);
                const target = parseNodeKey(edge.target);
                return (
                  <tr key={`${edge.source}→${edge.target}`} className="border-b last:border-b-0">
                    <td className="px-3 py-1.5 text-right text-muted-foreground">
                      {source.step ?? "–"}→{target.step ?? "–"}
                    </td>
                    <td className="truncate px-3 py-1.5" title={source.item}>
                      {shortItem(source.item)}
                    </td>
                    <td className="truncate px-3 py-1.5" title={target.item}>
                      {shortItem(target.item)}
                    </td>
                    <td className="px-3 py-1.5 text-right font-medium">{formatCount(edge.value)}</td>
                    <td className="px-3 py-1.5 text-right">{formatPercent(edge.value / (outflow.get(edge.source) || edge.value))}</td>
                    <td className="px-3 py-1.5 text-right">{formatDuration(edge.average_conversion_time / 1000)}</td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      </section>
      {edges.length > TABLE_ROWS ? (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => setAllRows(!allRows)}>
          {allRows ? `Show the busiest ${TABLE_ROWS}` : `Show all ${formatCount(edges.length)} transitions`}
        </Button>
      ) : null}
    </>
  );
}

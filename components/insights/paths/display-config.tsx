"use client";

import type { KindEditorProps } from "@/components/insights/builder/types";
import { CommitInput } from "@/components/insights/controls/commit-input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { PathsFilters } from "./types";

/** The bounds the API takes: steps 2–20 (default 5), edges 1–10,000 (default 50, none with both points set). */
const STEPS = { min: 2, max: 20, default: 5 };
const EDGES = { min: 1, max: 10_000 };

/** How many steps each path shows, and how many of the busiest transitions to draw. */
export function PathsDisplayConfig({ filters, setFilters }: KindEditorProps<PathsFilters>) {
  const steps = Number(filters.step_limit ?? STEPS.default);
  const both = Boolean(filters.start_point && filters.end_point);
  return (
    <>
      <Select value={String(steps)} onValueChange={(value) => setFilters({ step_limit: Number(value) })}>
        <SelectTrigger size="sm" aria-label="Step limit">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {Array.from({ length: STEPS.max - STEPS.min + 1 }, (_, i) => STEPS.min + i).map((n) => (
            <SelectItem key={n} value={String(n)}>
              {n} steps
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Label className="gap-1.5 text-sm font-normal text-muted-foreground">
        <CommitInput
          type="number"
          inputMode="numeric"
          aria-label="Edge limit"
          min={EDGES.min}
          max={EDGES.max}
          placeholder={both ? "All" : "50"}
          className="h-8 w-20"
          value={filters.edge_limit === undefined || filters.edge_limit === null ? "" : String(filters.edge_limit)}
          onCommit={(text) => {
            const next = Math.round(Number(text));
            setFilters({ edge_limit: text.trim() && Number.isFinite(next) ? Math.min(Math.max(next, EDGES.min), EDGES.max) : undefined });
          }}
        />
        busiest transitions
      </Label>
    </>
  );
}

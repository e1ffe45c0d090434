"use client";

import { useId } from "react";
import { CommitInput } from "@/components/insights/controls/commit-input";
import type { TrendsFilters } from "@/components/insights/trends/types";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { MAX_BREAKDOWN_LIMIT } from "@/lib/analytics/limits";

/** PostHog's default breakdown limit (BREAKDOWN_VALUES_LIMIT). */
const DEFAULT_BREAKDOWN_LIMIT = 25;

function CheckboxField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id} className="text-sm font-normal">
        {label}
      </Label>
    </div>
  );
}

/** How many breakdown values a trend shows, and whether the rest are summed as "Other". */
export function BreakdownOptions({ filters, setFilters }: { filters: TrendsFilters; setFilters: (patch: Partial<TrendsFilters>) => void }) {
  const id = useId();
  const limit =
    filters.breakdown_limit === undefined || filters.breakdown_limit === null ? DEFAULT_BREAKDOWN_LIMIT : Number(filters.breakdown_limit);
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-2">
        <Label htmlFor={id} className="text-sm font-normal">
          Show the top
        </Label>
        <CommitInput
          id={id}
          type="number"
          min={1}
          max={MAX_BREAKDOWN_LIMIT}
          className="h-8 w-20"
          value={String(limit)}
          onCommit={(text) => {
            const next = Math.round(Number(text));
            if (Number.isFinite(next) && next >= 1) setFilters({ breakdown_limit: Math.min(next, MAX_BREAKDOWN_LIMIT) });
          }}
        />
        <span className="text-sm">values</span>
      </div>
      <CheckboxField
        label="Group the remaining values as “Other”"
        checked={!filters.breakdown_hide_other_aggregation}
        onChange={(checked) => setFilters({ breakdown_hide_other_aggregation: checked ? undefined : true })}
      />
    </div>
  );
}

"use client";

import { useState } from "react";
import type { KindEditorProps } from "@/components/insights/builder/types";
import { BreakdownPicker } from "@/components/insights/controls/breakdown-picker";
import type { FunnelsFilters } from "@/components/insights/funnels/types";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { MAX_BREAKDOWN_LIMIT } from "@/lib/analytics/limits";
import { ANALYSIS_BREAKDOWN_KINDS } from "@/components/insights/controls/filter-kinds";

/** Funnels break down by everything trends do but session duration. */
const FUNNEL_BREAKDOWN_KINDS = ANALYSIS_BREAKDOWN_KINDS.filter((kind) => kind !== "session");

/** PostHog's breakdown attributions (which value(s) a person is counted under) and how the builder explains them. */
const ATTRIBUTIONS = [
  { value: "first_touch", label: "First touch", help: "Each person counts under the first value seen on their funnel events." },
  { value: "last_touch", label: "Last touch", help: "Each person counts under the last value seen on their funnel events." },
  {
    value: "all_events",
    label: "All steps",
    help: "A person counts under every value seen on their funnel events, each time with only the events carrying that value: one person can appear under several values.",
  },
  {
    value: "step",
    label: "Specific step",
    help: "Each person counts under the value on the chosen step's event, and only an event with that value completes the step. People who never reach the step are left out.",
  },
] as const;

export function Breakdown({
  projectId,
  filters,
  setFilters,
  eventNames,
  stepCount,
}: Pick<KindEditorProps<FunnelsFilters>, "projectId" | "filters" | "setFilters"> & { eventNames: string[]; stepCount: number }) {
  const breakdown = Array.isArray(filters.breakdown) ? String(filters.breakdown[0] ?? "") : (filters.breakdown as string | undefined);
  const attribution = ATTRIBUTIONS.find((a) => a.value === filters.breakdown_attribution_type) ?? ATTRIBUTIONS[0];
  const unordered = filters.funnel_order_type === "unordered";
  const limit = filters.breakdown_limit ?? 10;
  const [limitDraft, setLimitDraft] = useState(String(limit));
  const commitLimit = () => {
    const next = Math.min(MAX_BREAKDOWN_LIMIT, Math.max(1, Math.round(Number(limitDraft)) || 10));
    setLimitDraft(String(next));
    if (next !== limit) setFilters({ breakdown_limit: next === 10 ? undefined : next });
  };
  return (
    <div className="grid gap-2">
      <BreakdownPicker
        projectId={projectId}
        eventNames={eventNames}
        kinds={FUNNEL_BREAKDOWN_KINDS}
        value={filters}
        onChange={(next) =>
          setFilters(
            next.breakdown
              ? next
              : { ...next, breakdown_attribution_type: undefined, breakdown_attribution_value: undefined, breakdown_limit: undefined },
          )
        }
      />
      {breakdown ? (
        <>
          <div className="grid gap-1">
            <div className="flex items-center gap-1.5">
              <Select
                value={attribution.value}
                onValueChange={(next) =>
                  setFilters({
                    breakdown_attribution_type: next === "first_touch" ? undefined : next,
                    breakdown_attribution_value: next === "step" ? 0 : undefined,
                  })
                }
              >
                <SelectTrigger size="sm" aria-label="Attribution type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ATTRIBUTIONS.map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {attribution.value === "step" ? (
                <Select
                  value={String(filters.breakdown_attribution_value ?? 0)}
                  onValueChange={(next) => setFilters({ breakdown_attribution_value: Number(next) })}
                >
                  <SelectTrigger size="sm" aria-label="Attribution step" className="w-28">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {Array.from({ length: Math.max(stepCount, 1) }, (_, i) => (
                      // An unordered funnel has no fixed second step: PostHog attributes its first step only.
                      <SelectItem key={i} value={String(i)} disabled={unordered && i > 0}>
                        Step {i + 1}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              ) : null}
            </div>
            <p className="text-xs text-muted-foreground">
              {attribution.help}
              {attribution.value === "step" && unordered ? " In any-order funnels only the first step can be chosen." : ""}
            </p>
          </div>
          <div className="flex items-center gap-2 text-sm">
            <Label htmlFor="funnel-breakdown-limit" className="font-normal text-muted-foreground">
              Values shown
            </Label>
            <Input
              id="funnel-breakdown-limit"
              key={limit}
              type="number"
              min={1}
              max={MAX_BREAKDOWN_LIMIT}
              value={limitDraft}
              className="h-8 w-20"
              onChange={(event) => setLimitDraft(event.target.value)}
              onBlur={commitLimit}
              onKeyDown={(event) => event.key === "Enter" && commitLimit()}
            />
          </div>
        </>
      ) : null}
    </div>
  );
}

"use client";

import { useId } from "react";
import type { KindEditorProps } from "@/components/insights/builder/types";
import { entitiesOf } from "@/components/insights/controls/entity-list";
import { StepSelect } from "@/components/insights/funnels/step-select";
import type { FunnelsFilters } from "@/components/insights/funnels/types";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const VIEWS = [
  { value: "steps", label: "Conversion steps" },
  { value: "time_to_convert", label: "Time to convert" },
  { value: "trends", label: "Historical trends" },
] as const;

const INTERVALS = [
  { value: "hour", label: "Hourly" },
  { value: "day", label: "Daily" },
  { value: "week", label: "Weekly" },
  { value: "month", label: "Monthly" },
] as const;

/** Bin counts offered for the time-to-convert histogram ("auto": PostHog's cube root of the conversions). */
const BIN_COUNTS = ["auto", "5", "10", "15", "20", "30", "45", "60", "90"] as const;

/** The bar above the chart: which view, and that view's settings (reference, layout, compare, steps, bins, interval). */
export function FunnelsDisplayConfig({ filters, setFilters }: KindEditorProps<FunnelsFilters>) {
  const view = filters.funnel_viz_type ?? "steps";
  const stepCount = entitiesOf(filters).length;
  const last = Math.max(1, stepCount - 1);
  const from = Math.min(filters.funnel_from_step ?? 0, last - 1);
  const to = Math.min(Math.max(filters.funnel_to_step ?? last, from + 1), last);
  const stepRange = (
    <>
      <StepSelect
        label="From step"
        value={from}
        options={Array.from({ length: last }, (_, i) => i)}
        onChange={(step) =>
          setFilters({ funnel_from_step: step || undefined, funnel_to_step: to > step ? filters.funnel_to_step : undefined })
        }
      />
      <span className="text-sm text-muted-foreground">to</span>
      <StepSelect
        label="To step"
        value={to}
        options={Array.from({ length: last - from }, (_, i) => from + 1 + i)}
        onChange={(step) => setFilters({ funnel_to_step: step === last ? undefined : step })}
      />
    </>
  );
  return (
    <>
      <Select
        value={view}
        onValueChange={(next) =>
          setFilters({
            funnel_viz_type: next,
            // Time to convert has no previous period; the step range belongs to the other two views.
            compare: next === "time_to_convert" ? undefined : filters.compare,
            funnel_from_step: next === "steps" ? undefined : filters.funnel_from_step,
            funnel_to_step: next === "steps" ? undefined : filters.funnel_to_step,
            bin_count: next === "time_to_convert" ? filters.bin_count : undefined,
            interval: next === "trends" ? filters.interval : undefined,
          })
        }
      >
        <SelectTrigger size="sm" aria-label="Funnel view" className="w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {VIEWS.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {view === "steps" ? <StepsViewOptions filters={filters} setFilters={setFilters} /> : null}
      {view === "time_to_convert" ? (
        <>
          {stepRange}
          <Select
            value={String(filters.bin_count ?? "auto")}
            onValueChange={(next) => setFilters({ bin_count: next === "auto" ? undefined : Number(next) })}
          >
            <SelectTrigger size="sm" aria-label="Histogram bins" className="w-32">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {BIN_COUNTS.map((count) => (
                <SelectItem key={count} value={count}>
                  {count === "auto" ? "Auto bins" : `${count} bins`}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </>
      ) : null}
      {view === "trends" ? (
        <>
          {stepRange}
          <Select value={filters.interval ?? "day"} onValueChange={(next) => setFilters({ interval: next === "day" ? undefined : next })}>
            <SelectTrigger size="sm" aria-label="Interval" className="w-28">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {INTERVALS.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </>
      ) : null}
      {view !== "time_to_convert" ? (
        <CompareToggle checked={filters.compare === true} onChange={(on) => setFilters({ compare: on || undefined })} />
      ) : null}
    </>
  );
}

function CompareToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 rounded-md border px-2.5 py-1.5">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id} className="text-sm font-normal">
        Compare to previous period
      </Label>
    </div>
  );
}

/** The steps view's own choices: what conversion is relative to, and the layout. */
function StepsViewOptions({ filters, setFilters }: Pick<KindEditorProps<FunnelsFilters>, "filters" | "setFilters">) {
  return (
    <>
      <Select
        value={filters.funnel_step_reference ?? "total"}
        onValueChange={(next) => setFilters({ funnel_step_reference: next === "total" ? undefined : (next as "previous") })}
      >
        <SelectTrigger size="sm" aria-label="Conversion relative to" className="w-52">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="total">Relative to first step</SelectItem>
          <SelectItem value="previous">Relative to previous step</SelectItem>
        </SelectContent>
      </Select>
      <Select
        value={filters.layout ?? "vertical"}
        onValueChange={(next) => setFilters({ layout: next === "vertical" ? undefined : (next as "horizontal") })}
      >
        <SelectTrigger size="sm" aria-label="Layout" className="w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="vertical">Left to right</SelectItem>
          <SelectItem value="horizontal">Top to bottom</SelectItem>
        </SelectContent>
      </Select>
    </>
  );
}

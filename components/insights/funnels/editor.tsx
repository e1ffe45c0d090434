"use client";

import { PlusIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { EditorSection } from "@/components/insights/builder/editor-section";
import { GlobalFilters } from "@/components/insights/controls/global-filters";
import type { KindEditorProps } from "@/components/insights/builder/types";
import { AggregationSelect } from "@/components/insights/controls/aggregation-select";
import { BreakdownPicker } from "@/components/insights/controls/breakdown-picker";
import { ANALYSIS_BREAKDOWN_KINDS } from "@/components/insights/controls/filter-kinds";
import { entitiesOf, entitiesToFilters, type FilterEntity } from "@/components/insights/controls/entity-list";
import { EventPicker, type PickedEntity } from "@/components/insights/controls/event-picker";
import {
  clampAttributionStep,
  clampExclusions,
  clampWindow,
  WINDOW_BOUNDS,
  type WindowUnit,
} from "@/components/insights/funnels/funnel-data";
import { StepsEditor } from "@/components/insights/funnels/steps-editor";
import type { FunnelExclusion, FunnelsFilters } from "@/components/insights/funnels/types";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { MAX_BREAKDOWN_LIMIT } from "@/lib/analytics/limits";

/** Funnels break down by everything trends do but session duration. */
const FUNNEL_BREAKDOWN_KINDS = ANALYSIS_BREAKDOWN_KINDS.filter((kind) => kind !== "session");

/** PostHog's order types and how its UI explains them. */
const ORDER_TYPES = [
  { value: "ordered", label: "Sequential", help: "Step B must happen after step A, but any number of events can happen between A and B." },
  { value: "strict", label: "Strict order", help: "Step B must happen directly after step A, without any events in between." },
  { value: "unordered", label: "Any order", help: "Steps can be completed in any sequence." },
] as const;

const WINDOW_UNIT_LABELS: Record<WindowUnit, string> = {
  second: "seconds",
  minute: "minutes",
  hour: "hours",
  day: "days",
  week: "weeks",
  month: "months",
};

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

const stepNames = (steps: FilterEntity[]) =>
  steps.flatMap((step) => (step.type !== "actions" && typeof step.id === "string" ? [step.id] : []));

export function FunnelsEditor({ projectId, filters, setFilters }: KindEditorProps<FunnelsFilters>) {
  const steps = entitiesOf(filters);
  const exclusions = (filters.exclusions ?? []) as FunnelExclusion[];
  const setSteps = (next: FilterEntity[]) => {
    const kept = clampExclusions(exclusions, next.length);
    const attributionStep = clampAttributionStep(filters, next.length, filters.funnel_order_type);
    setFilters({
      ...entitiesToFilters(next),
      exclusions: kept.length ? kept : undefined,
      ...(attributionStep !== undefined ? { breakdown_attribution_value: attributionStep } : {}),
    });
  };
  return (
    <>
      <EditorSection title="Steps">
        <StepsEditor projectId={projectId} steps={steps} onChange={setSteps} />
      </EditorSection>
      <AggregationSelect
        projectId={projectId}
        value={filters.aggregation_group_type_index as number | undefined}
        onChange={(aggregation_group_type_index) => setFilters({ aggregation_group_type_index })}
      />
      <EditorSection title="Conversion window">
        <ConversionWindow filters={filters} setFilters={setFilters} />
      </EditorSection>
      <EditorSection title="Step order">
        <OrderType filters={filters} setFilters={setFilters} />
      </EditorSection>
      <EditorSection title="Exclusions">
        <Exclusions
          projectId={projectId}
          stepCount={steps.length}
          exclusions={exclusions}
          onChange={(next) => setFilters({ exclusions: next.length ? next : undefined })}
        />
      </EditorSection>
      <GlobalFilters projectId={projectId} filters={filters} setFilters={setFilters} eventNames={stepNames(steps)} />
      <EditorSection title="Breakdown">
        <Breakdown projectId={projectId} filters={filters} setFilters={setFilters} eventNames={stepNames(steps)} stepCount={steps.length} />
      </EditorSection>
    </>
  );
}

function ConversionWindow({ filters, setFilters }: Pick<KindEditorProps<FunnelsFilters>, "filters" | "setFilters">) {
  const unit = (filters.funnel_window_interval_unit ?? "day") as WindowUnit;
  const interval = filters.funnel_window_interval ?? 14;
  const [draft, setDraft] = useState(String(interval));
  const [min, max] = WINDOW_BOUNDS[unit];
  const commit = () => {
    const next = clampWindow(Number(draft), unit);
    setDraft(String(next));
    if (next !== interval) setFilters({ funnel_window_interval: next });
  };
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-1.5">
        <Input
          key={interval}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          aria-label="Conversion window length"
          value={draft}
          className="h-8 w-20"
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => event.key === "Enter" && commit()}
        />
        <Select
          value={unit}
          onValueChange={(next) => {
            const nextUnit = next as WindowUnit;
            const length = clampWindow(interval, nextUnit);
            setDraft(String(length));
            setFilters({ funnel_window_interval_unit: nextUnit, funnel_window_interval: length });
          }}
        >
          <SelectTrigger size="sm" aria-label="Conversion window unit" className="w-28">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {Object.entries(WINDOW_UNIT_LABELS).map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <p className="text-xs text-muted-foreground">
        The time a person has to complete every step after the first ({min}–{max} {WINDOW_UNIT_LABELS[unit]}).
      </p>
    </div>
  );
}

function OrderType({ filters, setFilters }: Pick<KindEditorProps<FunnelsFilters>, "filters" | "setFilters">) {
  const value = (filters.funnel_order_type ?? "ordered") as (typeof ORDER_TYPES)[number]["value"];
  const current = ORDER_TYPES.find((order) => order.value === value) ?? ORDER_TYPES[0];
  return (
    <div className="grid gap-1">
      <Select
        value={current.value}
        onValueChange={(next) => {
          const attributionStep = clampAttributionStep(filters, entitiesOf(filters).length, next);
          setFilters({
            funnel_order_type: next === "ordered" ? undefined : next,
            ...(attributionStep !== undefined ? { breakdown_attribution_value: attributionStep } : {}),
          });
        }}
      >
        <SelectTrigger size="sm" aria-label="Step order">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {ORDER_TYPES.map((order) => (
            <SelectItem key={order.value} value={order.value}>
              {order.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p className="text-xs text-muted-foreground">{current.help}</p>
    </div>
  );
}

/** Events between two steps that disqualify a person's conversion, PostHog's `exclusions`. */
function Exclusions({
  projectId,
  stepCount,
  exclusions,
  onChange,
}: {
  projectId: number;
  stepCount: number;
  exclusions: FunnelExclusion[];
  onChange: (exclusions: FunnelExclusion[]) => void;
}) {
  // A new row is a draft until its event is picked: an exclusion without an event would exclude every event.
  const [drafting, setDrafting] = useState(false);
  const last = stepCount - 1;
  const add = (picked: PickedEntity) => {
    setDrafting(false);
    onChange([...exclusions, { id: picked.id, type: picked.type, name: picked.name, funnel_from_step: 0, funnel_to_step: last }]);
  };
  if (stepCount < 2) return null;
  return (
    <div className="grid gap-1.5">
      {exclusions.map((exclusion, index) => (
        <div key={index} className="grid gap-1 rounded-md border bg-card p-1.5">
          <div className="flex items-center gap-1">
            <EventPicker
              projectId={projectId}
              allowAllEvents={false}
              value={{ id: exclusion.id ?? null, type: exclusion.type ?? "events", name: exclusion.name ?? String(exclusion.id ?? "") }}
              label={`Exclusion ${index + 1}`}
              size="sm"
              className="w-0 min-w-0 flex-1"
              onChange={(picked) =>
                onChange(exclusions.map((e, i) => (i === index ? { ...e, id: picked.id, type: picked.type, name: picked.name } : e)))
              }
            />
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove exclusion ${index + 1}`}
              onClick={() => onChange(exclusions.filter((_, i) => i !== index))}
            >
              <XIcon />
            </Button>
          </div>
          <div className="flex items-center gap-1.5 pl-1 text-xs text-muted-foreground">
            between
            <StepSelect
              label={`Exclusion ${index + 1} from step`}
              value={exclusion.funnel_from_step ?? 0}
              options={Array.from({ length: last }, (_, i) => i)}
              onChange={(from) =>
                onChange(
                  exclusions.map((e, i) =>
                    i === index ? { ...e, funnel_from_step: from, funnel_to_step: Math.max(from + 1, e.funnel_to_step ?? last) } : e,
                  ),
                )
              }
            />
            and
            <StepSelect
              label={`Exclusion ${index + 1} to step`}
              value={exclusion.funnel_to_step ?? last}
              options={Array.from(
                { length: last - (exclusion.funnel_from_step ?? 0) },
                (_, i) => i + 1 + (exclusion.funnel_from_step ?? 0),
              )}
              onChange={(to) => onChange(exclusions.map((e, i) => (i === index ? { ...e, funnel_to_step: to } : e)))}
            />
          </div>
        </div>
      ))}
      {drafting ? (
        <div className="flex items-center gap-1">
          <EventPicker
            projectId={projectId}
            allowAllEvents={false}
            value={null}
            label="New exclusion"
            size="sm"
            className="w-0 min-w-0 flex-1"
            onChange={add}
          />
          <Button type="button" variant="ghost" size="icon-sm" aria-label="Cancel the new exclusion" onClick={() => setDrafting(false)}>
            <XIcon />
          </Button>
        </div>
      ) : (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start text-muted-foreground"
          onClick={() => setDrafting(true)}
        >
          <PlusIcon /> Add exclusion
        </Button>
      )}
    </div>
  );
}

/** A step of the funnel by its position (0-based in the filter, "Step 1" on screen). */
export function StepSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number;
  options: number[];
  onChange: (step: number) => void;
}) {
  return (
    <Select value={String(value)} onValueChange={(next) => onChange(Number(next))}>
      <SelectTrigger size="sm" aria-label={label} className="h-7 w-24">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((step) => (
          <SelectItem key={step} value={String(step)}>
            Step {step + 1}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function Breakdown({
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

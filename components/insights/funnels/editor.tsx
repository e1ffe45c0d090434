"use client";

import { useState } from "react";
import { EditorSection } from "@/components/insights/builder/editor-section";
import { GlobalFilters } from "@/components/insights/controls/global-filters";
import type { KindEditorProps } from "@/components/insights/builder/types";
import { AggregationSelect } from "@/components/insights/controls/aggregation-select";
import { entitiesOf, entitiesToFilters, type FilterEntity } from "@/components/insights/controls/entity-list";
import {
  clampAttributionStep,
  clampExclusions,
  clampWindow,
  WINDOW_BOUNDS,
  type WindowUnit,
} from "@/components/insights/funnels/funnel-data";
import { StepsEditor } from "@/components/insights/funnels/steps-editor";
import type { FunnelExclusion, FunnelsFilters } from "@/components/insights/funnels/types";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Exclusions } from "./exclusions";
import { Breakdown } from "./breakdown";

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

"use client";

import { EditorSection } from "@/components/insights/builder/editor-section";
import type { KindEditorProps } from "@/components/insights/builder/types";
import { AggregationSelect } from "@/components/insights/controls/aggregation-select";
import { BreakdownPicker } from "@/components/insights/controls/breakdown-picker";
import type { BreakdownPatch } from "@/components/insights/controls/filter-kinds";
import { EventPicker, type PickedEntity } from "@/components/insights/controls/event-picker";
import { GlobalFilters } from "@/components/insights/controls/global-filters";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { RetentionFilters } from "./types";

type RetentionType = NonNullable<RetentionFilters["retention_type"]>;

/** PostHog's two ways of putting a person in a cohort, as its editor explains them. */
const RETENTION_TYPES: Record<RetentionType, { label: string; explanation: string }> = {
  retention_first_time: {
    label: "for the first time",
    explanation: "Each person is counted once, in the cohort of the period they first did the event; later periods show who came back.",
  },
  retention_recurring: {
    label: "recurringly",
    explanation: "A person is in the cohort of every period they did the event, so one person can start several cohorts.",
  },
};

/** The breakdowns PostHog's legacy retention takes at most. */
const MAX_BREAKDOWNS = 3;

const DEFAULT_ENTITY: PickedEntity = { id: "$pageview", type: "events", name: "$pageview" };

const entityOf = (entity: unknown): PickedEntity => {
  const e = (entity ?? DEFAULT_ENTITY) as Partial<PickedEntity>;
  return { id: e.id ?? DEFAULT_ENTITY.id, type: e.type ?? "events", name: e.name ?? String(e.id ?? "") };
};

interface Breakdown {
  property: string;
  type: "event" | "person";
}
/** Retention breaks down by event and person properties only (its picker offers no other kind). */
const retentionBreakdown = (picked: BreakdownPatch): Breakdown => ({
  property: String(picked.breakdown),
  type: picked.breakdown_type === "person" ? "person" : "event",
});

export function RetentionEditor({ projectId, filters, setFilters }: KindEditorProps<RetentionFilters>) {
  const target = entityOf(filters.target_entity);
  const returning = entityOf(filters.returning_entity ?? filters.target_entity);
  const retentionType: RetentionType = filters.retention_type ?? "retention_recurring";
  const breakdowns = (Array.isArray(filters.breakdowns) ? filters.breakdowns : []) as Breakdown[];
  const setBreakdowns = (next: Breakdown[]) => setFilters({ breakdowns: next.length ? next : undefined, breakdown_type: undefined });
  const eventNames = [target, returning].filter((e) => e.type === "events" && typeof e.id === "string").map((e) => String(e.id));

  return (
    <>
      <EditorSection title="Cohortizing event">
        <p className="text-sm text-muted-foreground">Persons who did</p>
        <EventPicker
          projectId={projectId}
          label="Cohortizing event"
          allowAllEvents={false}
          size="sm"
          value={target}
          onChange={(target_entity) => setFilters({ target_entity })}
        />
        <Select value={retentionType} onValueChange={(value) => setFilters({ retention_type: value as RetentionType })}>
          <SelectTrigger size="sm" aria-label="Cohortizing: first time or recurring">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {Object.entries(RETENTION_TYPES).map(([value, { label }]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p className="text-xs text-muted-foreground">{RETENTION_TYPES[retentionType].explanation}</p>
      </EditorSection>
      <EditorSection title="Returning event">
        <p className="text-sm text-muted-foreground">and came back to do</p>
        <EventPicker
          projectId={projectId}
          label="Returning event"
          allowAllEvents={false}
          size="sm"
          value={returning}
          onChange={(returning_entity) => setFilters({ returning_entity })}
        />
      </EditorSection>
      <AggregationSelect
        projectId={projectId}
        value={(filters as { aggregation_group_type_index?: number }).aggregation_group_type_index}
        onChange={(aggregation_group_type_index) => setFilters({ aggregation_group_type_index } as Partial<RetentionFilters>)}
      />
      <GlobalFilters projectId={projectId} filters={filters} setFilters={setFilters} eventNames={eventNames} />
      <EditorSection title="Breakdown">
        {breakdowns.map((breakdown, index) => (
          <BreakdownPicker
            key={index}
            projectId={projectId}
            eventNames={eventNames}
            value={{ breakdown: breakdown.property, breakdown_type: breakdown.type }}
            onChange={(picked) =>
              setBreakdowns(
                picked.breakdown
                  ? breakdowns.map((b, i) => (i === index ? retentionBreakdown(picked) : b))
                  : breakdowns.filter((_, i) => i !== index),
              )
            }
          />
        ))}
        {breakdowns.length < MAX_BREAKDOWNS ? (
          <BreakdownPicker
            key={`new-${breakdowns.length}`}
            projectId={projectId}
            eventNames={eventNames}
            value={{}}
            onChange={(picked) => picked.breakdown && setBreakdowns([...breakdowns, retentionBreakdown(picked)])}
          />
        ) : null}
      </EditorSection>
    </>
  );
}

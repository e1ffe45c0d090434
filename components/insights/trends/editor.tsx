"use client";

import { PlusIcon } from "lucide-react";
import { EditorSection } from "@/components/insights/builder/editor-section";
import { GlobalFilters } from "@/components/insights/controls/global-filters";
import type { KindEditorProps } from "@/components/insights/builder/types";
import { BreakdownPicker } from "@/components/insights/controls/breakdown-picker";
import { entitiesOf, entitiesToFilters, type FilterEntity } from "@/components/insights/controls/entity-list";
import { ANALYSIS_BREAKDOWN_KINDS } from "@/components/insights/controls/filter-kinds";
import { formulasOf, formulasPatch } from "@/components/insights/trends/formulas";
import type { TrendsFilters } from "@/components/insights/trends/types";
import { Button } from "@/components/ui/button";
import { MAX_TREND_SERIES } from "@/lib/analytics/limits";

import { BreakdownOptions } from "@/components/insights/trends/breakdown-options";
import { FormulaList } from "@/components/insights/trends/formula-list";
import { SeriesRow } from "@/components/insights/trends/series-row";

/** Series are lettered A–Z for formulas (PostHog's `entitiesLimit = alphabet.length`), within the API's bound. */
const MAX_SERIES = Math.min(26, MAX_TREND_SERIES);
export function TrendsEditor({ projectId, filters, setFilters }: KindEditorProps<TrendsFilters>) {
  const entities = entitiesOf(filters);
  const setEntities = (next: FilterEntity[]) => setFilters(entitiesToFilters(next));
  const eventNames = entities.filter((e) => e.type !== "actions" && typeof e.id === "string").map((e) => String(e.id));
  return (
    <>
      <EditorSection title="Series">
        <div className="grid gap-2">
          {entities.map((entity, index) => (
            <SeriesRow
              key={index}
              projectId={projectId}
              index={index}
              entity={entity}
              removable={entities.length > 1}
              canDuplicate={entities.length < MAX_SERIES}
              onChange={(next) => setEntities(entities.map((e, i) => (i === index ? next : e)))}
              onDuplicate={() => setEntities([...entities.slice(0, index + 1), { ...entity }, ...entities.slice(index + 1)])}
              onRemove={() => setEntities(entities.filter((_, i) => i !== index))}
            />
          ))}
          {entities.length < MAX_SERIES ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="justify-self-start text-muted-foreground"
              onClick={() => setEntities([...entities, { id: "$pageview", type: "events", name: "$pageview", math: "total" }])}
            >
              <PlusIcon /> Add series
            </Button>
          ) : (
            <p className="text-xs text-muted-foreground">At most {MAX_SERIES} series (A–Z).</p>
          )}
        </div>
      </EditorSection>
      <EditorSection title="Formulas">
        <FormulaList
          formulas={formulasOf(filters)}
          seriesCount={entities.length}
          onChange={(formulas) => setFilters(formulasPatch(formulas))}
        />
      </EditorSection>
      <GlobalFilters projectId={projectId} filters={filters} setFilters={setFilters} eventNames={eventNames} />
      <EditorSection title="Breakdown">
        <BreakdownPicker
          projectId={projectId}
          eventNames={eventNames}
          kinds={ANALYSIS_BREAKDOWN_KINDS}
          value={filters}
          onChange={(breakdown) =>
            setFilters(
              breakdown.breakdown ? breakdown : { ...breakdown, breakdown_limit: undefined, breakdown_hide_other_aggregation: undefined },
            )
          }
        />
        {filters.breakdown ? <BreakdownOptions filters={filters} setFilters={setFilters} /> : null}
      </EditorSection>
    </>
  );
}

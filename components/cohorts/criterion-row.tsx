"use client";

import { XIcon } from "lucide-react";
import { BehavioralCriterionFields } from "@/components/cohorts/behavioral-criterion";
import { CohortPicker } from "@/components/cohorts/cohort-picker";
import { OPERATOR_LABELS, operatorsFor, VALUELESS } from "@/components/insights/controls/filter-kinds";
import { PropertyPicker } from "@/components/insights/controls/property-picker";
import { PropertyValueInput } from "@/components/insights/controls/property-value-input";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { type Criterion, type CriterionKind, newCriterion, type PersonCriterion } from "@/lib/ui/cohorts/criteria";

const KIND_LABELS: Record<CriterionKind, string> = { person: "Person property", behavioral: "Performed event", cohort: "In cohort" };

/** One criterion: its kind, then the fields of that kind, its message if incomplete, and a remove button. */
export function CriterionRow({
  projectId,
  cohortId,
  criterion,
  label,
  error,
  onChange,
  onRemove,
}: {
  projectId: number;
  /** The cohort being edited, which its own criteria cannot reference. */
  cohortId?: number;
  criterion: Criterion;
  label: string;
  error?: string;
  onChange: (criterion: Criterion) => void;
  onRemove: () => void;
}) {
  return (
    <fieldset className="grid gap-1 rounded-md border bg-muted/30 p-1.5" aria-label={label}>
      <div className="flex flex-wrap items-center gap-1.5">
        <Select value={criterion.type} onValueChange={(kind) => onChange(newCriterion(kind as CriterionKind))}>
          <SelectTrigger size="sm" aria-label={`${label} kind`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {Object.entries(KIND_LABELS).map(([kind, text]) => (
              <SelectItem key={kind} value={kind}>
                {text}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {criterion.type === "person" ? (
          <PersonCriterionFields projectId={projectId} criterion={criterion} label={label} onChange={onChange} />
        ) : (
          <>
            <Select
              value={criterion.negation ? "not" : "is"}
              onValueChange={(how) => onChange({ ...criterion, negation: how === "not" || undefined })}
            >
              <SelectTrigger size="sm" aria-label={`${label} negation`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="is">{criterion.type === "cohort" ? "is a member" : "did"}</SelectItem>
                <SelectItem value="not">{criterion.type === "cohort" ? "is not a member" : "did not"}</SelectItem>
              </SelectContent>
            </Select>
            {criterion.type === "cohort" ? (
              <CohortPicker
                projectId={projectId}
                exclude={cohortId}
                value={criterion.value || null}
                label={`${label} cohort`}
                className="max-w-56"
                onChange={(value) => onChange({ ...criterion, value })}
              />
            ) : (
              <BehavioralCriterionFields projectId={projectId} criterion={criterion} label={label} onChange={onChange} />
            )}
          </>
        )}
        <Button type="button" variant="ghost" size="icon-sm" aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
          <XIcon />
        </Button>
      </div>
      {error ? <p className="px-1 text-xs text-destructive">{error}</p> : null}
    </fieldset>
  );
}

function PersonCriterionFields({
  projectId,
  criterion,
  label,
  onChange,
}: {
  projectId: number;
  criterion: PersonCriterion;
  label: string;
  onChange: (c: PersonCriterion) => void;
}) {
  return (
    <>
      <PropertyPicker
        projectId={projectId}
        types={["person"]}
        value={criterion.key ? { key: criterion.key, type: "person" } : null}
        label={`${label} property`}
        size="sm"
        className="max-w-48"
        onChange={(property) => onChange({ ...criterion, key: property.key, value: undefined })}
      />
      <Select
        value={criterion.operator}
        onValueChange={(operator) => onChange({ ...criterion, operator, value: VALUELESS.has(operator) ? undefined : criterion.value })}
      >
        <SelectTrigger size="sm" aria-label={`${label} operator`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {operatorsFor(criterion).map((operator) => (
            <SelectItem key={operator} value={operator}>
              {OPERATOR_LABELS[operator]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {VALUELESS.has(criterion.operator) || !criterion.key ? null : (
        <PropertyValueInput
          projectId={projectId}
          type="person"
          propertyKey={criterion.key}
          value={criterion.value}
          label={`${label} value`}
          onChange={(value) => onChange({ ...criterion, value })}
        />
      )}
    </>
  );
}

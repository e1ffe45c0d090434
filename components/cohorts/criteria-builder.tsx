"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { CriterionRow } from "@/components/cohorts/criterion-row";
import { JunctionSelect } from "@/components/insights/controls/property-groups";
import { Button } from "@/components/ui/button";
import {
  addCriterion,
  addGroup,
  type CohortCriteria,
  removeCriterion,
  removeGroup,
  replaceCriterion,
  setGroupJunction,
} from "@/lib/ui/cohorts/criteria";

/** The first message of a criterion's validation errors (react-hook-form's nested errors, one object per field). */
const firstMessage = (errors: unknown): string | undefined => {
  if (!errors || typeof errors !== "object") return undefined;
  if (typeof (errors as { message?: unknown }).message === "string") return (errors as { message: string }).message;
  for (const value of Object.values(errors)) {
    const message = firstMessage(value);
    if (message) return message;
  }
};

/**
 * Groups of criteria joined by AND or OR, each a list of criteria joined by its own AND or OR. A new criterion
 * takes the focus (its kind first), a removed one gives it to its group's "Add criterion".
 */
export function CriteriaBuilder({
  projectId,
  cohortId,
  value,
  onChange,
  errors,
}: {
  projectId: number;
  cohortId?: number;
  value: CohortCriteria;
  onChange: (criteria: CohortCriteria) => void;
  /** react-hook-form's errors of `criteria.values`, by group then criterion. */
  errors?: unknown;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    if (!focus) return;
    box.current?.querySelector<HTMLElement>(focus)?.focus();
    setFocus(null);
  });
  const groupErrors = (group: number) => (errors as { values?: unknown[] }[] | undefined)?.[group]?.values;
  const change = (next: CohortCriteria, focusAfter: string) => {
    onChange(next);
    setFocus(focusAfter);
  };
  const criterionLabel = (group: number, index: number) => `Group ${group + 1} criterion ${index + 1}`;
  return (
    <div ref={box} className="grid gap-2">
      {value.values.length > 1 ? (
        <div className="flex items-center gap-1.5 text-xs text-muted-foreground">
          Match{" "}
          <JunctionSelect
            value={value.type}
            onChange={(type) => onChange({ ...value, type })}
            label="Match criteria groups"
            things="groups"
          />
        </div>
      ) : null}
      {value.values.map((group, g) => (
        <fieldset key={g} className="grid gap-1.5 rounded-md border p-2" aria-label={`Criteria group ${g + 1}`}>
          <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
            <span className="flex items-center gap-1.5">
              <span className="font-medium">Group {g + 1}:</span> persons matching
              <JunctionSelect
                value={group.type}
                onChange={(type) => onChange(setGroupJunction(value, g, type))}
                label={`Match criteria of group ${g + 1}`}
                things="criteria"
              />
            </span>
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove criteria group ${g + 1}`}
              onClick={() => change(removeGroup(value, g), "[data-add-group]")}
            >
              <Trash2Icon />
            </Button>
          </div>
          {group.values.map((criterion, i) => (
            <CriterionRow
              key={i}
              projectId={projectId}
              cohortId={cohortId}
              criterion={criterion}
              label={criterionLabel(g, i)}
              error={firstMessage((groupErrors(g) as unknown[] | undefined)?.[i])}
              onChange={(next) => onChange(replaceCriterion(value, { group: g, index: i }, next))}
              onRemove={() =>
                change(
                  removeCriterion(value, { group: g, index: i }),
                  group.values.length > 1 ? `[data-add-criterion="${g}"]` : "[data-add-group]",
                )
              }
            />
          ))}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="justify-self-start text-muted-foreground"
            data-add-criterion={g}
            onClick={() => change(addCriterion(value, g, "person"), `[aria-label="${criterionLabel(g, group.values.length)} kind"]`)}
          >
            <PlusIcon /> Add criterion
          </Button>
        </fieldset>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        data-add-group
        onClick={() => change(addGroup(value), `[aria-label="${criterionLabel(value.values.length, 0)} kind"]`)}
      >
        <PlusIcon /> Add criteria group
      </Button>
    </div>
  );
}

"use client";

import { PlusIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { EventPicker, type PickedEntity } from "@/components/insights/controls/event-picker";
import type { FunnelExclusion } from "@/components/insights/funnels/types";
import { Button } from "@/components/ui/button";
import { StepSelect } from "./step-select";

/** Events between two steps that disqualify a person's conversion, PostHog's `exclusions`. */
export function Exclusions({
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

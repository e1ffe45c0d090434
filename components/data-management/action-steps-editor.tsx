"use client";

import { PlusIcon } from "lucide-react";
import { ActionStepCard } from "@/components/data-management/action-step-card";
import { emptyStep, type StepDraft } from "@/components/data-management/steps";
import { Button } from "@/components/ui/button";

/** An action's steps, one card each, "or" between them; a new step starts as a page view. */
export function ActionStepsEditor({
  projectId,
  value,
  onChange,
}: {
  projectId: number;
  value: StepDraft[];
  onChange: (steps: StepDraft[]) => void;
}) {
  return (
    <div className="grid gap-2">
      {value.map((step, index) => (
        <div key={index} className="grid gap-2">
          {index > 0 ? <p className="text-xs font-medium text-muted-foreground uppercase">or</p> : null}
          <ActionStepCard
            projectId={projectId}
            label={`Step ${index + 1}`}
            step={step}
            onChange={(next) => onChange(value.map((s, i) => (i === index ? next : s)))}
            onRemove={value.length > 1 ? () => onChange(value.filter((_, i) => i !== index)) : undefined}
          />
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => onChange([...value, emptyStep()])}>
        <PlusIcon /> Add step
      </Button>
    </div>
  );
}

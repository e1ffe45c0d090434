"use client";

import { XIcon } from "lucide-react";
import { ChoiceSelect } from "@/components/choice-select";
import { hasElement, hasUrl, type StepDraft, type StringMatching } from "@/components/data-management/steps";
import { EventPicker } from "@/components/insights/controls/event-picker";
import { PropertyFiltersEditor } from "@/components/insights/controls/property-filters";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

const MATCHINGS = [
  { value: "contains", label: "contains" },
  { value: "exact", label: "matches exactly" },
  { value: "regex", label: "matches regex" },
] as const;

type TextField = "url" | "text" | "href";

/** One step: its event (any, `$pageview`, `$autocapture`, a custom one), URL and element conditions where they apply, filters. */
export function ActionStepCard({
  projectId,
  label,
  step,
  onChange,
  onRemove,
}: {
  projectId: number;
  label: string;
  step: StepDraft;
  onChange: (step: StepDraft) => void;
  onRemove?: () => void;
}) {
  const id = label.replace(/\W+/g, "-").toLowerCase();
  const textRow = (field: TextField, name: string, placeholder: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${field}`}>{name}</Label>
      <div className="flex gap-2">
        <ChoiceSelect
          aria-label={`${label} ${name} matching`}
          value={step[`${field}_matching`]}
          choices={MATCHINGS}
          onValueChange={(matching) => onChange({ ...step, [`${field}_matching`]: matching as StringMatching })}
          className="w-40 shrink-0"
        />
        <Input
          id={`${id}-${field}`}
          aria-label={`${label} ${name}`}
          value={step[field]}
          placeholder={placeholder}
          onChange={(event) => onChange({ ...step, [field]: event.target.value })}
        />
      </div>
    </div>
  );
  return (
    <fieldset className="grid gap-3 rounded-md border p-3" aria-label={label}>
      <div className="flex items-center gap-2">
        <legend className="sr-only">{label}</legend>
        <span className="text-sm font-medium">{label}</span>
        <EventPicker
          projectId={projectId}
          label={`${label} event`}
          withActions={false}
          value={
            step.event === null ? { id: null, type: "events", name: "All events" } : { id: step.event, type: "events", name: step.event }
          }
          onChange={(picked) => onChange({ ...step, event: picked.id === null ? null : String(picked.id) })}
          size="sm"
          className="w-64"
        />
        {onRemove ? (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="ml-auto"
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={onRemove}
          >
            <XIcon />
          </Button>
        ) : null}
      </div>
      {hasUrl(step.event) ? textRow("url", "URL", "/pricing") : null}
      {hasElement(step.event) ? (
        <>
          {textRow("text", "Element text", "Sign up")}
          {textRow("href", "Link target (href)", "/signup")}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-selector`}>CSS selector</Label>
            <Input
              id={`${id}-selector`}
              aria-label={`${label} CSS selector`}
              value={step.selector}
              placeholder="button.cta"
              onChange={(event) => onChange({ ...step, selector: event.target.value })}
            />
          </div>
        </>
      ) : null}
      <PropertyFiltersEditor
        projectId={projectId}
        filters={step.properties}
        onChange={(properties) => onChange({ ...step, properties })}
        types={["event", "person"]}
        label={`${label} filter`}
        eventNames={step.event ? [step.event] : undefined}
      />
    </fieldset>
  );
}

"use client";

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

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

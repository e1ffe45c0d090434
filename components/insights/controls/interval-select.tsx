"use client";

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** The interval a kind counts in, from the labels it offers (value → label), a day by default. */
export function IntervalSelect({
  value,
  labels,
  onChange,
}: {
  value: unknown;
  labels: Record<string, string>;
  onChange: (interval: string) => void;
}) {
  return (
    <Select value={String(value ?? "day")} onValueChange={onChange}>
      <SelectTrigger size="sm" aria-label="Interval">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {Object.entries(labels).map(([interval, label]) => (
          <SelectItem key={interval} value={interval}>
            {label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

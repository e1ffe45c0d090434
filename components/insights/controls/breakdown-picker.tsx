"use client";

import { XIcon } from "lucide-react";
import { PropertyPicker, type PropertyKind } from "@/components/insights/controls/property-picker";
import { Button } from "@/components/ui/button";

export interface BreakdownValue {
  breakdown?: string | null;
  breakdown_type?: string | null;
}

/** One breakdown by an event or person property, removable. */
export function BreakdownPicker({
  projectId,
  value,
  onChange,
  eventNames,
}: {
  projectId: number;
  value: BreakdownValue;
  onChange: (value: { breakdown: string | undefined; breakdown_type: PropertyKind | undefined }) => void;
  eventNames?: string[];
}) {
  const current = value.breakdown ? { key: value.breakdown, type: (value.breakdown_type === "person" ? "person" : "event") as PropertyKind } : null;
  return (
    <div className="flex items-center gap-1.5">
      <PropertyPicker
        projectId={projectId}
        value={current}
        eventNames={eventNames}
        label="Breakdown"
        placeholder="Add a breakdown"
        size="sm"
        className="min-w-0 flex-1"
        onChange={(property) => onChange({ breakdown: property.key, breakdown_type: property.type })}
      />
      {current ? (
        <Button type="button" variant="ghost" size="icon-sm" aria-label="Remove breakdown" onClick={() => onChange({ breakdown: undefined, breakdown_type: undefined })}>
          <XIcon />
        </Button>
      ) : null}
    </div>
  );
}

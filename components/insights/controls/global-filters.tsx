"use client";

import { useId } from "react";
import { EditorSection } from "@/components/insights/builder/editor-section";
import { PropertyFiltersEditor, type PropertyFilterValue } from "@/components/insights/controls/property-filters";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

export interface GlobalFilterKeys {
  properties?: unknown;
  filter_test_accounts?: unknown;
}

/** The legacy filter's flat list of properties (a nested AND/OR group is not edited here). */
export const flatProperties = (properties: unknown): PropertyFilterValue[] => (Array.isArray(properties) ? (properties as PropertyFilterValue[]) : []);

/** PostHog's "Filter out internal and test users": the project's test account filters, ANDed with the rest. */
export function TestAccountsToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id} className="text-sm font-normal">
        Filter out internal and test users
      </Label>
    </div>
  );
}

/** The "Filters" block of the left column: property filters on every event and the test-accounts toggle. */
export function GlobalFilters({
  projectId,
  filters,
  setFilters,
  eventNames,
}: {
  projectId: number;
  filters: GlobalFilterKeys;
  setFilters: (patch: { properties?: PropertyFilterValue[]; filter_test_accounts?: boolean }) => void;
  eventNames?: string[];
}) {
  const properties = flatProperties(filters.properties);
  return (
    <EditorSection title="Filters">
      <PropertyFiltersEditor
        projectId={projectId}
        filters={properties}
        eventNames={eventNames}
        onChange={(next) => setFilters({ properties: next.length ? next : undefined })}
      />
      <TestAccountsToggle checked={filters.filter_test_accounts === true} onChange={(on) => setFilters({ filter_test_accounts: on || undefined })} />
    </EditorSection>
  );
}

"use client";

import { useId } from "react";
import { EditorSection } from "@/components/insights/builder/editor-section";
import { ANALYSIS_FILTER_KINDS, type PropertyKind } from "@/components/insights/controls/filter-kinds";
import { PropertyGroupsEditor, type PropertyGroupsValue } from "@/components/insights/controls/property-groups";
import { TestAccountsHint } from "@/components/project/test-accounts-hint";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

export interface GlobalFilterKeys {
  properties?: unknown;
  filter_test_accounts?: unknown;
}

/** PostHog's "Filter out internal and test users": the project's test account filters, ANDed with the rest. */
function TestAccountsToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
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

/** The "Filters" block of every kind's left column: AND/OR groups of property filters on every event, and the test-accounts toggle. */
export function GlobalFilters({
  projectId,
  filters,
  setFilters,
  eventNames,
  types = ANALYSIS_FILTER_KINDS,
}: {
  projectId: number;
  filters: GlobalFilterKeys;
  setFilters: (patch: { properties?: PropertyGroupsValue; filter_test_accounts?: boolean }) => void;
  eventNames?: string[];
  /** The kinds of filter the analysis takes (all by default). */
  types?: PropertyKind[];
}) {
  return (
    <EditorSection title="Filters">
      <PropertyGroupsEditor
        projectId={projectId}
        value={filters.properties}
        eventNames={eventNames}
        types={types}
        onChange={(properties) => setFilters({ properties })}
      />
      <TestAccountsToggle
        checked={filters.filter_test_accounts === true}
        onChange={(on) => setFilters({ filter_test_accounts: on || undefined })}
      />
      <TestAccountsHint projectId={projectId} />
    </EditorSection>
  );
}

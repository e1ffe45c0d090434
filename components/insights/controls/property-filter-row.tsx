"use client";

import { XIcon } from "lucide-react";
import { CommitInput } from "@/components/insights/controls/commit-input";
import {
  OPERATOR_LABELS,
  operatorsFor,
  type PropertyFilterValue,
  type PropertyKind,
  shownValue,
  VALUELESS,
  withOperator,
  withProperty,
  withValue,
} from "@/components/insights/controls/filter-kinds";
import { PropertyPicker } from "@/components/insights/controls/property-picker";
import { PropertyValueInput } from "@/components/insights/controls/property-value-input";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/**
 * One filter: its property (or cohort), an operator and a value; a HogQL filter is its expression alone,
 * committed with Enter.
 */
export function PropertyFilterRow({
  projectId,
  filter,
  eventNames,
  types,
  label,
  onChange,
  onRemove,
}: {
  projectId: number;
  filter: PropertyFilterValue;
  eventNames?: string[];
  types?: PropertyKind[];
  label: string;
  onChange: (filter: PropertyFilterValue) => void;
  onRemove: () => void;
}) {
  const operators = operatorsFor(filter);
  const picked = {
    key: filter.key,
    type: filter.type,
    group_type_index: filter.group_type_index,
    value: typeof filter.value === "number" ? filter.value : undefined,
  };
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5 rounded-md border bg-muted/30 p-1.5" aria-label={label}>
      {filter.type === "hogql" ? (
        <CommitInput
          aria-label={`${label} HogQL expression`}
          placeholder="properties.$browser = 'Chrome'"
          className="h-8 min-w-56 flex-1 font-mono text-xs"
          value={filter.key}
          onCommit={(key) => onChange({ ...filter, key: key.trim() })}
        />
      ) : (
        <PropertyPicker
          projectId={projectId}
          value={picked}
          eventNames={eventNames}
          types={types}
          size="sm"
          className="max-w-48"
          label={`${label} property`}
          onChange={(property) => onChange(withProperty(filter, property))}
        />
      )}
      {operators.length ? (
        <Select value={filter.operator} onValueChange={(operator) => onChange(withOperator(filter, operator))}>
          <SelectTrigger size="sm" aria-label={`${label} operator`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {operators.map((operator) => (
              <SelectItem key={operator} value={operator}>
                {OPERATOR_LABELS[operator]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ) : null}
      {VALUELESS.has(filter.operator ?? "") || filter.type === "cohort" || filter.type === "hogql" ? null : (
        <PropertyValueInput
          projectId={projectId}
          type={filter.type}
          groupTypeIndex={filter.group_type_index}
          propertyKey={filter.key}
          value={shownValue(filter)}
          label={`${label} value`}
          onChange={(text) => onChange(withValue(filter, text))}
        />
      )}
      <Button type="button" variant="ghost" size="icon-sm" aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
        <XIcon />
      </Button>
    </fieldset>
  );
}

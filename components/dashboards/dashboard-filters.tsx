"use client";

import { CalendarIcon, PlusIcon, XIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** PostHog's date presets (relative `date_from`s the analyses read), and the insights' own ranges. */
const DATE_PRESETS = [
  { value: "dStart", label: "Today" },
  { value: "-24h", label: "Last 24 hours" },
  { value: "-7d", label: "Last 7 days" },
  { value: "-14d", label: "Last 14 days" },
  { value: "-30d", label: "Last 30 days" },
  { value: "-90d", label: "Last 90 days" },
  { value: "mStart", label: "This month" },
  { value: "yStart", label: "Year to date" },
  { value: "all", label: "All time" },
] as const;

const OWN = "own";
const CUSTOM = "custom";

/** A property filter of the dashboard, PostHog's shape: an event property equal to a value. */
export type PropertyFilter = {
  key: string;
  value: string;
  operator: "exact";
  type: "event";
};

export interface DashboardFilterValues {
  date_from: string | null;
  date_to: string | null;
  properties: PropertyFilter[];
}

const isDate = (value: string | null) => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The dashboard's date range and property filters; every change is applied to all tiles at once. */
export function DashboardFilters({
  value,
  onChange,
  disabled,
}: {
  value: DashboardFilterValues;
  onChange: (next: DashboardFilterValues) => void;
  disabled: boolean;
}) {
  return (
    <section aria-label="Dashboard filters" className="grid gap-3 rounded-lg border bg-card p-3">
      <div className="flex flex-wrap items-end gap-3">
        <DateRangeFilter value={value} onChange={onChange} disabled={disabled} />
        <PropertyFilterForm
          disabled={disabled}
          onAdd={(key, propertyValue) =>
            onChange({ ...value, properties: [...value.properties, { key, value: propertyValue, operator: "exact", type: "event" }] })
          }
        />
      </div>
      <PropertyFilterChips
        properties={value.properties}
        disabled={disabled}
        onRemove={(index) => onChange({ ...value, properties: value.properties.filter((_, i) => i !== index) })}
      />
    </section>
  );
}

/** A preset range, each insight's own, or custom dates applied together. */
function DateRangeFilter({
  value,
  onChange,
  disabled,
}: {
  value: DashboardFilterValues;
  onChange: (next: DashboardFilterValues) => void;
  disabled: boolean;
}) {
  const preset = !value.date_from
    ? OWN
    : DATE_PRESETS.some((p) => p.value === value.date_from) && !value.date_to
      ? value.date_from
      : CUSTOM;
  const [custom, setCustom] = useState(preset === CUSTOM);
  const [from, setFrom] = useState(isDate(value.date_from) ? value.date_from! : "");
  const [to, setTo] = useState(isDate(value.date_to) ? value.date_to! : "");
  const choosePreset = (next: string) => {
    if (next === CUSTOM) return setCustom(true);
    setCustom(false);
    onChange({ ...value, date_from: next === OWN ? null : next, date_to: null });
  };
  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    if (from) onChange({ ...value, date_from: from, date_to: to || null });
  };
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor="dashboard-date-range">Date range</Label>
        <Select value={custom ? CUSTOM : preset} onValueChange={choosePreset} disabled={disabled}>
          <SelectTrigger id="dashboard-date-range" className="w-60">
            <CalendarIcon className="size-4 opacity-60" />
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={OWN}>Each insight&apos;s own range</SelectItem>
            {DATE_PRESETS.map((p) => (
              <SelectItem key={p.value} value={p.value}>
                {p.label}
              </SelectItem>
            ))}
            <SelectItem value={CUSTOM}>Custom dates…</SelectItem>
          </SelectContent>
        </Select>
      </div>
      {custom && (
        <form onSubmit={applyCustom} className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor="dashboard-date-from">From</Label>
            <Input id="dashboard-date-from" type="date" required value={from} onChange={(e) => setFrom(e.target.value)} className="w-40" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="dashboard-date-to">To</Label>
            <Input
              id="dashboard-date-to"
              type="date"
              min={from || undefined}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              className="w-40"
            />
          </div>
          <Button type="submit" variant="outline" disabled={disabled || !from}>
            Apply dates
          </Button>
        </form>
      )}
    </>
  );
}

/** An event property and the value it must equal, added on Enter or with the button. */
function PropertyFilterForm({ disabled, onAdd }: { disabled: boolean; onAdd: (key: string, value: string) => void }) {
  const [propertyKey, setPropertyKey] = useState("");
  const [propertyValue, setPropertyValue] = useState("");
  const addProperty = (event: FormEvent) => {
    event.preventDefault();
    if (!propertyKey.trim()) return;
    onAdd(propertyKey.trim(), propertyValue);
    setPropertyKey("");
    setPropertyValue("");
  };
  return (
    <form onSubmit={addProperty} className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1.5">
        <Label htmlFor="dashboard-property-key">Event property</Label>
        <Input id="dashboard-property-key" value={propertyKey} onChange={(e) => setPropertyKey(e.target.value)} className="w-40" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="dashboard-property-value">equals</Label>
        <Input id="dashboard-property-value" value={propertyValue} onChange={(e) => setPropertyValue(e.target.value)} className="w-40" />
      </div>
      <Button type="submit" variant="outline" disabled={disabled || !propertyKey.trim()}>
        <PlusIcon /> Add filter
      </Button>
    </form>
  );
}

/** The property filters in force, each removable. */
function PropertyFilterChips({
  properties,
  disabled,
  onRemove,
}: {
  properties: DashboardFilterValues["properties"];
  disabled: boolean;
  onRemove: (index: number) => void;
}) {
  // No example values in the empty fields: greyed "$browser" and "Chrome" read as a filter already applied.
  if (properties.length === 0)
    return (
      <p className="text-xs text-muted-foreground" data-testid="no-property-filters">
        No property filters: each tile uses its insight&apos;s own.
      </p>
    );
  return (
    <ul aria-label="Property filters" className="flex flex-wrap gap-2">
      {properties.map((property, index) => (
        <li key={`${property.key}=${property.value}#${index}`}>
          <Badge variant="secondary" className="gap-1 py-1 pr-1">
            {property.key} = {property.value || "(empty)"}
            <button
              type="button"
              aria-label={`Remove filter ${property.key} = ${property.value}`}
              disabled={disabled}
              onClick={() => onRemove(index)}
              className="rounded p-0.5 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <XIcon className="size-3" />
            </button>
          </Badge>
        </li>
      ))}
    </ul>
  );
}

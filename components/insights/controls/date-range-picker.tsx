"use client";

import { CalendarIcon, ChevronDownIcon } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/ui/utils";

export interface DateRange {
  date_from?: string | null;
  date_to?: string | null;
}

/** PostHog's relative ranges: what each sends as `date_from` / `date_to`. */
const DATE_PRESETS: { label: string; date_from: string; date_to?: string }[] = [
  { label: "Today", date_from: "dStart" },
  { label: "Yesterday", date_from: "-1dStart", date_to: "-1dEnd" },
  { label: "Last 24 hours", date_from: "-24h" },
  { label: "Last 7 days", date_from: "-7d" },
  { label: "Last 14 days", date_from: "-14d" },
  { label: "Last 30 days", date_from: "-30d" },
  { label: "Last 90 days", date_from: "-90d" },
  { label: "Last 180 days", date_from: "-180d" },
  { label: "This month", date_from: "mStart" },
  { label: "Previous month", date_from: "-1mStart", date_to: "-1mEnd" },
  { label: "Year to date", date_from: "yStart" },
  { label: "All time", date_from: "all" },
];

const isoDate = /^\d{4}-\d{2}-\d{2}/;

/** How a range reads: a preset's name, "Mar 1 – Mar 31, 2025", or the raw relative value. */
function describeDateRange(range: DateRange, fallback = "Last 7 days"): string {
  const preset = DATE_PRESETS.find((p) => p.date_from === range.date_from && (p.date_to ?? null) === (range.date_to ?? null));
  if (preset) return preset.label;
  if (!range.date_from) return fallback;
  if (isoDate.test(range.date_from)) {
    const format = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
    const to = range.date_to && isoDate.test(range.date_to) ? format.format(new Date(range.date_to.slice(0, 10))) : "now";
    return `${format.format(new Date(range.date_from.slice(0, 10)))} – ${to}`;
  }
  return `${range.date_from}${range.date_to ? ` → ${range.date_to}` : ""}`;
}

/** Relative presets in one click, or a custom range of calendar days. */
export function DateRangePicker({
  value,
  onChange,
  defaultLabel = "Last 7 days",
  className,
}: {
  value: DateRange;
  onChange: (range: { date_from: string | undefined; date_to: string | undefined }) => void;
  defaultLabel?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  // The custom range starts from the current value at each opening: the picker stays mounted when the value
  // changes, so its trigger keeps the focus a pick returns to it.
  const openChange = (next: boolean) => {
    if (next) {
      setFrom(value.date_from && isoDate.test(value.date_from) ? value.date_from.slice(0, 10) : "");
      setTo(value.date_to && isoDate.test(value.date_to) ? value.date_to.slice(0, 10) : "");
    }
    setOpen(next);
  };
  const label = describeDateRange(value, defaultLabel);
  const apply = (date_from: string | undefined, date_to: string | undefined) => {
    onChange({ date_from, date_to });
    setOpen(false);
  };
  return (
    <Popover.Root open={open} onOpenChange={openChange}>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm" className={cn("justify-between", className)} aria-label={`Date range: ${label}`}>
          <CalendarIcon /> {label} <ChevronDownIcon className="opacity-50" />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 grid w-80 gap-3 rounded-md border bg-popover p-3 text-popover-foreground shadow-md data-[state=open]:animate-pop-in"
        >
          <fieldset className="grid grid-cols-2 gap-1" aria-label="Date presets">
            {DATE_PRESETS.map((preset) => (
              <Button
                key={preset.label}
                variant={preset.label === label ? "secondary" : "ghost"}
                size="sm"
                className="justify-start"
                aria-pressed={preset.label === label}
                onClick={() => apply(preset.date_from, preset.date_to)}
              >
                {preset.label}
              </Button>
            ))}
          </fieldset>
          <form
            className="grid gap-2 border-t pt-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (from) apply(from, to ? `${to}T23:59:59` : undefined);
            }}
          >
            <p className="text-xs font-medium text-muted-foreground">Custom range</p>
            <div className="grid grid-cols-2 gap-2">
              <div className="grid gap-1">
                <Label htmlFor="date-range-from">From</Label>
                <Input
                  id="date-range-from"
                  type="date"
                  value={from}
                  max={to || undefined}
                  onChange={(e) => setFrom(e.target.value)}
                  required
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="date-range-to">To</Label>
                <Input id="date-range-to" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
              </div>
            </div>
            <Button type="submit" size="sm" disabled={!from}>
              Apply
            </Button>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

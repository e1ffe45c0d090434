"use client";

import { Combobox } from "@/components/ui/combobox";
import { TIMEZONES } from "@/lib/projects/timezones";
import { cn } from "@/lib/ui/utils";

/** "America/New_York" reads "America/New York". */
const timezoneLabel = (timezone: string) => timezone.replaceAll("_", " ");

const OPTIONS = TIMEZONES.map((timezone) => ({ value: timezone, label: timezoneLabel(timezone) }));

/** Picks an IANA time zone from the runtime's list, searched by typing any part of its name. */
export function TimezoneSelect({
  value,
  onChange,
  className,
  "aria-label": label = "Time zone",
  ...field
}: {
  id?: string;
  value: string;
  onChange: (timezone: string) => void;
  disabled?: boolean;
  className?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-label"?: string;
}) {
  return (
    <Combobox
      {...field}
      label={label}
      value={value}
      options={OPTIONS}
      onChange={onChange}
      placeholder="Pick a time zone"
      searchPlaceholder="Search time zones"
      emptyText="No time zone matches."
      className={cn("w-full", className)}
    />
  );
}

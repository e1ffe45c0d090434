"use client";

import { CheckIcon, ChevronsUpDownIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { TIMEZONES } from "@/lib/projects/timezones";
import { cn } from "@/lib/ui/utils";

/** "America/New_York" reads "America/New York". */
const timezoneLabel = (timezone: string) => timezone.replaceAll("_", " ");

/** Picks an IANA time zone from the runtime's list, searched by typing any part of its name. */
export function TimezoneSelect({
  id,
  value,
  onChange,
  disabled,
  className,
  ...aria
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
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          disabled={disabled}
          className={cn("w-full justify-between font-normal", className)}
          {...aria}
        >
          <span className="truncate">{timezoneLabel(value)}</span>
          <ChevronsUpDownIcon className="opacity-50" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-64 p-0">
        <Command>
          <CommandInput placeholder="Search time zones" aria-label="Search time zones" />
          <CommandList>
            <CommandEmpty>No time zone matches.</CommandEmpty>
            {TIMEZONES.map((timezone) => (
              <CommandItem
                key={timezone}
                value={timezone}
                onSelect={() => {
                  onChange(timezone);
                  setOpen(false);
                }}
              >
                <CheckIcon className={cn(timezone === value ? "opacity-100" : "opacity-0")} />
                {timezoneLabel(timezone)}
              </CommandItem>
            ))}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}

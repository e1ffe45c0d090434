"use client";

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { LEVEL_NAMES, type MembershipLevel } from "@/lib/organizations/levels";
import { cn } from "@/lib/ui/utils";

/** Picks one of `levels` (those the viewer may give, from the level rules). */
export function LevelSelect({
  id,
  value,
  onChange,
  levels,
  className,
  ...aria
}: {
  id: string;
  value: MembershipLevel;
  onChange: (level: MembershipLevel) => void;
  levels: readonly MembershipLevel[];
  className?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-label"?: string;
}) {
  return (
    <Select value={String(value)} onValueChange={(next) => onChange(Number(next) as MembershipLevel)}>
      <SelectTrigger id={id} className={cn("w-full capitalize", className)} {...aria}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {levels.map((level) => (
          <SelectItem key={level} value={String(level)} className="capitalize">
            {LEVEL_NAMES[level]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

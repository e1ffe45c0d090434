"use client";

import type { ReactNode } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** What `ChoiceSelect` takes (declared here, which it loads, so the two do not import each other). */
export interface ChoiceSelectProps {
  value: string;
  choices: readonly { value: string; label: ReactNode }[];
  onValueChange: (value: string) => void;
  disabled?: boolean;
  size?: "sm" | "default";
  className?: string;
  itemClassName?: string;
  "aria-label": string;
}

/** Radix's select over the choices, mounted open when its stand-in is clicked (see `ChoiceSelect`). */
export function ChoiceSelectPopup({
  value,
  choices,
  onValueChange,
  disabled,
  size,
  className,
  itemClassName,
  autoFocus,
  ...aria
}: ChoiceSelectProps & { autoFocus: boolean }) {
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled} defaultOpen>
      {/* autoFocus: keeps the focus the stand-in trigger had when the select's code arrived */}
      <SelectTrigger size={size} className={className} autoFocus={autoFocus} {...aria}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {choices.map((choice) => (
          <SelectItem key={choice.value} value={choice.value} className={itemClassName}>
            {choice.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

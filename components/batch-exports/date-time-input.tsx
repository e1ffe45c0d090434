"use client";

import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";

/** `YYYY-MM-DDTHH:mm` in the viewer's time zone, what a datetime-local input shows. */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A date and time picked in the viewer's time zone, held as an ISO instant with its offset (UTC) or null: the API
 * reads a datetime without an offset as UTC, so the browser's local reading is converted before it is sent.
 */
export function DateTimeInput({
  value,
  onChange,
  ...props
}: Omit<ComponentProps<"input">, "value" | "onChange" | "type"> & {
  value: string | null | undefined;
  onChange: (value: string | null) => void;
}) {
  return (
    <Input
      type="datetime-local"
      value={toLocalInput(value)}
      onChange={(event) => onChange(event.target.value ? new Date(event.target.value).toISOString() : null)}
      {...props}
    />
  );
}

"use client";

import { cn } from "@/lib/ui/utils";

/** Initials on a colour picked from the name, so people stay recognisable without uploaded pictures. */
export function InitialsAvatar({ name, className, decorative }: { name: string; className?: string; decorative?: boolean }) {
  const initials =
    name
      .split(/[\s@._-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join("") || "?";
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (
    <span aria-hidden={decorative} className={cn("relative flex size-8 shrink-0 overflow-hidden rounded-full", className)}>
      <span
        className="flex size-full items-center justify-center text-xs font-semibold text-white"
        style={{ backgroundColor: `oklch(0.5 0.1 ${hash % 360})` }}
      >
        {initials}
      </span>
    </span>
  );
}

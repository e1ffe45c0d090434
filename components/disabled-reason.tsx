"use client";

import type { ReactElement } from "react";
import { Tooltip } from "@/components/ui/tooltip";

/**
 * A control the viewer may not use, with why: a disabled control gets no pointer or focus events, so a focusable
 * wrapper carries the hint. Without a reason the control renders alone.
 */
export function DisabledReason({ reason, children }: { reason: string | null | undefined; children: ReactElement }) {
  if (!reason) return children;
  return (
    <Tooltip content={reason}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the disabled control inside cannot take focus, so its wrapper shows the reason to keyboard users */}
      <span tabIndex={0} className="inline-flex rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
        {children}
      </span>
    </Tooltip>
  );
}

"use client";

import { INSIGHT_KINDS } from "@/components/insights/builder/kinds";
import type { AnyInsightKind } from "@/components/insights/builder/types";
import { cn } from "@/lib/ui/utils";

/** The insight kinds as tabs, in the builder's order. */
export function KindTabs({ kind, onSelect }: { kind: AnyInsightKind; onSelect: (kind: AnyInsightKind) => void }) {
  return (
    <div role="tablist" aria-label="Insight type" className="flex flex-wrap gap-1 border-b">
      {INSIGHT_KINDS.map((option) => (
        <button
          key={option.kind}
          role="tab"
          type="button"
          aria-selected={option === kind}
          title={option.description}
          onClick={() => onSelect(option)}
          className={cn(
            "-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
            option === kind
              ? "border-primary font-medium text-foreground"
              : "border-transparent text-muted-foreground hover:text-foreground",
          )}
        >
          <option.icon className="size-4" /> {option.label}
        </button>
      ))}
    </div>
  );
}

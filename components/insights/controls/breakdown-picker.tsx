"use client";

import { XIcon } from "lucide-react";
import { useRef, useState } from "react";
import { CommitInput } from "@/components/insights/controls/commit-input";
import {
  type BreakdownPatch,
  breakdownPatch,
  breakdownProperty,
  type BreakdownValue,
  type PropertyKind,
} from "@/components/insights/controls/filter-kinds";
import { PropertyPicker } from "@/components/insights/controls/property-picker";
import { Button } from "@/components/ui/button";

/**
 * One breakdown, removable: by an event or person property, and where `kinds` allows, session duration, a
 * cohort, a group type's property, or a HogQL expression (written below the picker, committed with Enter).
 */
export function BreakdownPicker({
  projectId,
  value,
  onChange,
  eventNames,
  kinds = ["event", "person"],
}: {
  projectId: number;
  value: BreakdownValue;
  onChange: (value: BreakdownPatch) => void;
  eventNames?: string[];
  kinds?: PropertyKind[];
}) {
  const current = breakdownProperty(value);
  const [writing, setWriting] = useState(false);
  const expression = useRef<HTMLInputElement>(null);
  const hogql = writing || current?.type === "hogql";
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center gap-1.5">
        <PropertyPicker
          projectId={projectId}
          value={writing ? { type: "hogql", key: "" } : current}
          eventNames={eventNames}
          types={kinds}
          label="Breakdown"
          placeholder="Add a breakdown"
          size="sm"
          className="min-w-0 flex-1"
          // Picking "HogQL expression" goes on to writing it: the focus moves to the expression, not back to the picker.
          onCloseAutoFocus={(event) => {
            if (!expression.current || current?.type === "hogql") return;
            event.preventDefault();
            expression.current.focus();
          }}
          onChange={(property) => {
            setWriting(property.type === "hogql");
            if (property.type !== "hogql") onChange(breakdownPatch(property));
          }}
        />
        {current || writing ? (
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label="Remove breakdown"
            onClick={() => {
              setWriting(false);
              onChange(breakdownPatch(null));
            }}
          >
            <XIcon />
          </Button>
        ) : null}
      </div>
      {hogql ? (
        <CommitInput
          ref={expression}
          aria-label="Breakdown HogQL expression"
          placeholder="properties.$browser"
          className="h-8 font-mono text-xs"
          value={current?.type === "hogql" ? current.key : ""}
          onCommit={(text) => {
            if (!text.trim()) return;
            setWriting(false);
            onChange(breakdownPatch({ type: "hogql", key: text.trim() }));
          }}
        />
      ) : null}
    </div>
  );
}

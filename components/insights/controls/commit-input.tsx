"use client";

import { useState, type ComponentProps } from "react";
import { Input } from "@/components/ui/input";

/**
 * A text or number input that edits freely and commits its text on Enter or when it loses focus (not per
 * keystroke, so each change is one history entry and one computation). Escape restores the committed value.
 */
export function CommitInput({
  value,
  onCommit,
  ...props
}: Omit<ComponentProps<"input">, "value" | "onChange" | "defaultValue"> & { value: string; onCommit: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [committed, setCommitted] = useState(value);
  // A new value from outside (Back, another control) replaces the draft.
  if (value !== committed) {
    setCommitted(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  return (
    <Input
      {...props}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === "Enter") commit();
        if (event.key === "Escape") setDraft(value);
      }}
    />
  );
}

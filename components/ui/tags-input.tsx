"use client";

import { XIcon } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/ui/utils";

/** Free-form tags: type and press Enter or comma to add one, Backspace in the empty box to drop the last. */
export function TagsInput({
  value,
  onChange,
  label = "Tags",
  placeholder = "Add a tag",
  maxLength = 255,
  className,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  label?: string;
  placeholder?: string;
  maxLength?: number;
  className?: string;
}) {
  const [draft, setDraft] = useState("");
  const add = (text: string) => {
    const tag = text.trim();
    if (tag && !value.includes(tag)) onChange([...value, tag]);
    setDraft("");
  };
  return (
    <fieldset className={cn("flex flex-wrap items-center gap-1", className)} aria-label={label}>
      {value.map((tag) => (
        <span key={tag} className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
          {tag}
          <button
            type="button"
            className="rounded-full outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50"
            aria-label={`Remove tag ${tag}`}
            onClick={() => onChange(value.filter((t) => t !== tag))}
          >
            <XIcon className="size-3" />
          </button>
        </span>
      ))}
      <input
        aria-label={placeholder}
        placeholder={placeholder}
        value={draft}
        maxLength={maxLength}
        onChange={(event) => (event.target.value.endsWith(",") ? add(event.target.value.slice(0, -1)) : setDraft(event.target.value))}
        onKeyDown={(event) => {
          if (event.key === "Enter" && draft.trim()) {
            event.preventDefault();
            add(draft);
          } else if (event.key === "Backspace" && !draft && value.length) onChange(value.slice(0, -1));
        }}
        onBlur={() => draft.trim() && add(draft)}
        className="h-6 min-w-24 flex-1 bg-transparent px-1 text-xs outline-none placeholder:text-muted-foreground"
      />
    </fieldset>
  );
}

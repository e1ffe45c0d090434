"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { matchesQuery, type OperationEntry } from "@/lib/openapi/reference";

/** Finds operations by method, path or summary as one types; arrows move, Enter opens the operation on its tag's page. */
export function ApiSearch({ operations }: { operations: OperationEntry[] }) {
  const router = useRouter();
  const [query, setQuery] = useState("");
  const trimmed = query.trim();
  const matches = trimmed ? operations.filter((entry) => matchesQuery(entry, trimmed)) : [];
  return (
    // h-auto: the primitive fills its parent's height (a popover's), which here is the whole stretched page column.
    <Command shouldFilter={false} label="Search operations" className="h-auto rounded-lg border">
      <CommandInput
        value={query}
        onValueChange={setQuery}
        placeholder="Search operations by path, method or summary…"
        aria-label="Search operations"
      />
      {/* Always there, hidden until one types: the input's aria-controls names it. */}
      <CommandList className="max-h-96" hidden={!trimmed}>
        {trimmed && <CommandEmpty>No operation matches “{trimmed}”.</CommandEmpty>}
        {matches.map((entry) => (
          <CommandItem key={entry.href} value={entry.href} onSelect={() => router.push(entry.href)} className="flex-wrap gap-x-3">
            <span className="w-14 shrink-0 font-mono text-xs font-semibold uppercase">{entry.method}</span>
            <span className="font-mono text-xs break-all">{entry.path}</span>
            <span className="basis-full pl-[4.25rem] text-xs text-muted-foreground">
              {entry.summary.replaceAll("`", "")} · {entry.tag}
            </span>
          </CommandItem>
        ))}
      </CommandList>
    </Command>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { usePaletteEntries } from "@/components/command-palette/use-palette-entries";
import { Command, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { MAX_SEARCH_LENGTH } from "@/lib/ui/search/queries";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { useMe } from "@/lib/ui/use-me";

const DEBOUNCE_MS = 250;

/**
 * Cmd/Ctrl+K: finds the project's insights, dashboards, cohorts, actions and persons, and the app's pages, and runs
 * a few commands. Type, arrows to move, Enter opens; Escape closes and the focus goes back where it was.
 */
export function CommandPalette({
  open,
  onOpenChange,
  onNewDashboard,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNewDashboard: () => void;
}) {
  const router = useRouter();
  const me = useMe();
  const [query, setQuery] = useState("");
  const trimmed = query.trim();
  const search = useDebouncedValue(trimmed, DEBOUNCE_MS);
  const close = () => {
    onOpenChange(false);
    setQuery("");
  };
  const { sections, waiting, failed } = usePaletteEntries(me.team?.id, trimmed, search, {
    go: (href) => {
      close();
      router.push(href);
    },
    newDashboard: () => {
      close();
      onNewDashboard();
    },
  });
  // Whenever what is listed changes (results arrive), the first line is the one Enter opens.
  const order = sections.flatMap((section) => section.entries.map((entry) => entry.value));
  const [selected, setSelected] = useState(order[0] ?? "");
  const [listed, setListed] = useState(order.join("\n"));
  if (order.join("\n") !== listed) {
    setListed(order.join("\n"));
    setSelected(order[0] ?? "");
  }
  const status = waiting ? "Searching…" : trimmed && order.length === 0 ? `No results for “${trimmed}”.` : null;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent showCloseButton={false} aria-describedby={undefined} className="gap-0 overflow-hidden p-0 sm:max-w-xl">
        <DialogTitle className="sr-only">Search and commands</DialogTitle>
        <Command shouldFilter={false} loop value={selected} onValueChange={setSelected} label="Search and commands" className="h-auto">
          <CommandInput
            value={query}
            onValueChange={setQuery}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Search insights, dashboards, persons… or run a command"
            aria-label="Search"
          />
          <p role="status" className="px-3 text-sm text-muted-foreground [&:not(:empty)]:py-3">
            {status}
            {failed.length > 0 && ` ${failed.join(", ")} could not be searched.`}
          </p>
          <CommandList className="max-h-[min(24rem,60svh)]">
            {sections.map((section) => (
              <CommandGroup key={section.heading} heading={section.heading}>
                {section.entries.map(({ value, label, detail, icon: Icon, run }) => (
                  <CommandItem key={value} value={value} onSelect={run}>
                    <Icon className="text-muted-foreground" aria-hidden />
                    <span className="truncate">{label}</span>
                    {detail && <span className="ml-auto shrink-0 truncate pl-3 text-xs text-muted-foreground">{detail}</span>}
                  </CommandItem>
                ))}
              </CommandGroup>
            ))}
          </CommandList>
        </Command>
      </DialogContent>
    </Dialog>
  );
}

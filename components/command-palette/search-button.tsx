"use client";

import { SearchIcon } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { CommandPalette, CreateDashboardDialog } from "@/components/lazy-dialogs";

const noSubscription = () => () => {};
const isApple = () => /Mac|iPhone|iPad/.test(navigator.platform);

/** The shortcut as this computer's keyboard names it (the server, not knowing, says Ctrl). */
function useShortcutLabel() {
  return useSyncExternalStore(
    noSubscription,
    () => (isApple() ? "⌘K" : "Ctrl K"),
    () => "Ctrl K",
  );
}

/** The command palette, opened with Cmd/Ctrl+K anywhere in the app or by `SearchButton`s (`onOpen`). */
export function useCommandPalette(projectId: number | undefined) {
  const [open, setOpen] = useState(false);
  const [creatingDashboard, setCreatingDashboard] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || !(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      setOpen((was) => !was);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  return {
    onOpen: () => setOpen(true),
    dialogs: (
      <>
        <CommandPalette open={open} onOpenChange={setOpen} onNewDashboard={() => setCreatingDashboard(true)} />
        {projectId !== undefined && (
          <CreateDashboardDialog projectId={projectId} open={creatingDashboard} onOpenChange={setCreatingDashboard} />
        )}
      </>
    ),
  };
}

/** Opens the command palette; shows its shortcut. */
export function SearchButton({ onOpen }: { onOpen: () => void }) {
  const shortcut = useShortcutLabel();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-keyshortcuts="Control+K Meta+K"
      className="flex w-full items-center gap-2 rounded-md border bg-background px-2 py-1.5 text-sm text-muted-foreground outline-none transition-colors hover:bg-sidebar-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <SearchIcon className="size-4 shrink-0" aria-hidden />
      <span className="flex-1 text-left">Search…</span>
      <kbd className="rounded border bg-muted px-1.5 font-mono text-xs">{shortcut}</kbd>
    </button>
  );
}

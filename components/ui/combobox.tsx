"use client";

import { CheckIcon, ChevronDownIcon, LoaderCircleIcon } from "lucide-react";
import { useEffect, useState, type KeyboardEvent, type ReactNode } from "react";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/ui/utils";

export interface ComboboxOption {
  value: string;
  label: string;
  /** Shown small under the label (volume, type, a description). */
  detail?: string;
  group?: string;
}

interface ComboboxProps {
  /** The selected option's value, or null for none. */
  value: string | null;
  onChange: (value: string, option: ComboboxOption | null) => void;
  options: ComboboxOption[];
  /** What the trigger shows; the selected option's label by default. */
  display?: ReactNode;
  placeholder: string;
  /** The accessible name of the trigger (the visible text is added to it). */
  label: string;
  searchPlaceholder?: string;
  /** Options searched by the caller (a server search): the list is shown as given, not filtered here. */
  search?: string;
  onSearchChange?: (search: string) => void;
  /** The options are not yet those of the current search (a request, or a debounce, under way). */
  loading?: boolean;
  /** Offer the typed text itself as a value when no option has it (free-text values). */
  allowCustom?: boolean;
  emptyText?: string;
  className?: string;
  size?: "sm" | "default";
  disabled?: boolean;
  /** Opens as it appears (a picker shown by the button that asked for it). */
  defaultOpen?: boolean;
  /** On closing, before the focus returns to the trigger: `preventDefault()` keeps it where a pick has put it. */
  onCloseAutoFocus?: (event: Event) => void;
  /** Form fields: the trigger's id (for a label) and its validation state. */
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/**
 * A searchable single choice: a button opening a filtered list (type to search, arrows to move, Enter to pick,
 * Escape to close). Lists too long to load whole are searched by the caller through `onSearchChange`: their first
 * option is highlighted as results arrive, and an Enter typed before they arrive picks the first of them.
 */
export function Combobox(props: ComboboxProps) {
  const { value, onChange, options, placeholder, label, loading, allowCustom, emptyText = "Nothing found.", size = "default" } = props;
  const [open, setOpen] = useState(props.defaultOpen ?? false);
  const [localSearch, setLocalSearch] = useState("");
  const serverSearch = props.onSearchChange !== undefined;
  const search = serverSearch ? (props.search ?? "") : localSearch;
  const setSearch = serverSearch ? props.onSearchChange! : setLocalSearch;
  const selected = options.find((option) => option.value === value) ?? null;
  const shown = props.display ?? selected?.label ?? value;
  const groups = [...new Set(options.map((option) => option.group ?? ""))];
  const custom = allowCustom && search.trim() && !options.some((option) => option.value === search.trim()) ? search.trim() : null;

  const pick = (next: string) => {
    onChange(next, options.find((option) => option.value === next) ?? null);
    setOpen(false);
    setSearch("");
  };
  // cmdk highlights the first item when the search changes, before a server search has answered; once the answer
  // replaces the items nothing is highlighted and Enter does nothing. Here the highlight follows the items shown.
  const items = [
    ...(custom ? [{ key: `custom:${custom}`, value: custom }] : []),
    ...groups.flatMap((group) =>
      options
        .filter((option) => (option.group ?? "") === group)
        .map((option) => ({ key: `${group}:${option.value}`, value: option.value })),
    ),
  ];
  const [highlighted, setHighlighted] = useState("");
  const active = items.find((item) => item.key === highlighted) ?? items[0];
  const [enterPending, setEnterPending] = useState(false);
  useEffect(() => {
    if (!enterPending || loading) return;
    setEnterPending(false);
    if (active) pick(active.value);
  });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Enter" || !serverSearch || !loading || event.nativeEvent.isComposing) return;
    event.preventDefault();
    setEnterPending(true);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setEnterPending(false);
      }}
    >
      <PopoverTrigger asChild disabled={props.disabled}>
        <button
          id={props.id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-invalid={props["aria-invalid"]}
          aria-describedby={props["aria-describedby"]}
          aria-label={shown ? `${label}: ${typeof shown === "string" ? shown : (selected?.label ?? value ?? "")}` : label}
          className={cn(
            "flex min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 text-left text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive dark:bg-input/20 dark:hover:bg-input/40",
            size === "sm" ? "h-8" : "h-9",
            props.className,
          )}
        >
          <span className={cn("truncate", !shown && "text-muted-foreground")}>{shown || placeholder}</span>
          <ChevronDownIcon className="size-4 shrink-0 opacity-50" />
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-72 p-0" onCloseAutoFocus={props.onCloseAutoFocus}>
        <Command
          shouldFilter={!serverSearch}
          {...(serverSearch ? { value: active?.key ?? "", onValueChange: setHighlighted, onKeyDown } : {})}
        >
          <div className="relative">
            <CommandInput
              value={search}
              onValueChange={setSearch}
              placeholder={props.searchPlaceholder ?? "Search…"}
              aria-label={props.searchPlaceholder ?? `Search ${label.toLowerCase()}`}
            />
            {loading ? (
              <LoaderCircleIcon
                className="absolute top-2.5 right-3 size-4 animate-spin text-muted-foreground"
                role="img"
                aria-label="Loading"
              />
            ) : null}
          </div>
          <CommandList>
            {!loading && !custom ? <CommandEmpty>{emptyText}</CommandEmpty> : null}
            {custom ? (
              <CommandItem value={`custom:${custom}`} onSelect={() => pick(custom)}>
                Use “{custom}”
              </CommandItem>
            ) : null}
            {groups.map((group) => (
              <CommandGroup key={group} heading={group || undefined}>
                {options
                  .filter((option) => (option.group ?? "") === group)
                  .map((option) => (
                    <CommandItem
                      key={`${group}:${option.value}`}
                      value={`${group}:${option.value}`}
                      keywords={[option.label]}
                      onSelect={() => pick(option.value)}
                    >
                      <CheckIcon className={cn(option.value === value ? "opacity-100" : "opacity-0")} />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate">{option.label}</span>
                        {option.detail ? <span className="block truncate text-xs text-muted-foreground">{option.detail}</span> : null}
                      </span>
                    </CommandItem>
                  ))}
              </CommandGroup>
            ))}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}

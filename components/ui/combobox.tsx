"use client";

import { Command } from "cmdk";
import { CheckIcon, ChevronDownIcon, LoaderCircleIcon } from "lucide-react";
import { Popover } from "radix-ui";
import { useState, type ReactNode } from "react";
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
  loading?: boolean;
  /** Offer the typed text itself as a value when no option has it (free-text values). */
  allowCustom?: boolean;
  emptyText?: string;
  className?: string;
  size?: "sm" | "default";
  disabled?: boolean;
}

/**
 * A searchable single choice: a button opening a filtered list (type to search, arrows to move, Enter to pick,
 * Escape to close). Lists too long to load whole are searched by the caller through `onSearchChange`.
 */
export function Combobox(props: ComboboxProps) {
  const { value, onChange, options, placeholder, label, loading, allowCustom, emptyText = "Nothing found.", size = "default" } = props;
  const [open, setOpen] = useState(false);
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

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild disabled={props.disabled}>
        <button
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-label={shown ? `${label}: ${typeof shown === "string" ? shown : (selected?.label ?? value ?? "")}` : label}
          className={cn(
            "flex min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 text-left text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-input/20 dark:hover:bg-input/40",
            size === "sm" ? "h-8" : "h-9",
            props.className,
          )}
        >
          <span className={cn("truncate", !shown && "text-muted-foreground")}>{shown || placeholder}</span>
          <ChevronDownIcon className="size-4 shrink-0 opacity-50" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-(--radix-popover-trigger-width) min-w-72 rounded-md border bg-popover p-0 text-popover-foreground shadow-md data-[state=open]:animate-pop-in"
        >
          <Command shouldFilter={!serverSearch} label={label} className="flex flex-col">
            <div className="flex items-center gap-2 border-b px-3">
              <Command.Input
                value={search}
                onValueChange={setSearch}
                placeholder={props.searchPlaceholder ?? "Search…"}
                className="h-9 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
              />
              {loading ? <LoaderCircleIcon className="size-4 shrink-0 animate-spin text-muted-foreground" aria-label="Loading" /> : null}
            </div>
            <Command.List className="max-h-72 overflow-y-auto p-1">
              {!loading && !custom ? <Command.Empty className="px-2 py-6 text-center text-sm text-muted-foreground">{emptyText}</Command.Empty> : null}
              {custom ? (
                <Command.Item value={`custom:${custom}`} onSelect={() => pick(custom)} className={itemClass}>
                  Use “{custom}”
                </Command.Item>
              ) : null}
              {groups.map((group) => (
                <Command.Group key={group} heading={group || undefined} className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground">
                  {options
                    .filter((option) => (option.group ?? "") === group)
                    .map((option) => (
                      <Command.Item
                        key={`${group}:${option.value}`}
                        value={`${group}:${option.value}`}
                        keywords={[option.label]}
                        onSelect={() => pick(option.value)}
                        className={itemClass}
                      >
                        <CheckIcon className={cn("size-4 shrink-0", option.value === value ? "opacity-100" : "opacity-0")} />
                        <span className="min-w-0 flex-1">
                          <span className="block truncate">{option.label}</span>
                          {option.detail ? <span className="block truncate text-xs text-muted-foreground">{option.detail}</span> : null}
                        </span>
                      </Command.Item>
                    ))}
                </Command.Group>
              ))}
            </Command.List>
          </Command>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

const itemClass =
  "flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground";

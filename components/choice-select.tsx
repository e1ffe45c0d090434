"use client";

import { ChevronDownIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import type { ChoiceSelectProps } from "@/components/choice-select-popup";
import { selectTriggerClassName } from "@/components/ui/select-styles";
import { cn } from "@/lib/ui/utils";
import { useStandIn } from "@/lib/ui/use-stand-in";

let loading: Promise<typeof import("@/components/choice-select-popup")> | undefined;
const preload = () => (loading ??= import("@/components/choice-select-popup"));
const Popup = lazy(() => preload().then((m) => ({ default: m.ChoiceSelectPopup })));

/**
 * A select among a few choices, for tables' inline edits. Radix's select and its positioning engine are not part of
 * the page's first load: the page draws the trigger as a plain button, the select's code loads once the browser is
 * idle (or at the first pointer or focus on it), and the select takes the button's place when it is clicked,
 * mounting open (see `useStandIn`).
 */
export function ChoiceSelect(props: ChoiceSelectProps) {
  const { value, choices, disabled, size = "default", className } = props;
  const { mounted, focused, handlers } = useStandIn(preload);
  const standIn = (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-label={props["aria-label"]}
      disabled={disabled}
      data-size={size}
      className={cn(selectTriggerClassName, className)}
      {...handlers}
    >
      <span>{choices.find((choice) => choice.value === value)?.label}</span>
      <ChevronDownIcon className="size-4 opacity-50" />
    </button>
  );
  if (!mounted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Popup {...props} size={size} autoFocus={focused} />
    </Suspense>
  );
}

"use client";

import { Tooltip as TooltipPrimitive } from "radix-ui";
import { type ReactElement, type ReactNode, useCallback } from "react";
import { cn } from "@/lib/ui/utils";

/**
 * Radix's tooltip around `children`, mounted when the child is first pointed at or focused (see `Tooltip`): it opens
 * at once, and `focusTrigger` gives the focus back to the child, whose element this wrapping replaced.
 */
export function TooltipPopup({
  content,
  children,
  className,
  defaultOpen,
  focusTrigger,
}: {
  content: ReactNode;
  children: ReactElement;
  className?: string;
  defaultOpen: boolean;
  focusTrigger: boolean;
}) {
  // Stable, so it focuses once, when the child's new element mounts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the value at mount matters
  const focusOnMount = useCallback((element: HTMLElement | null) => {
    if (element && focusTrigger) element.focus();
  }, []);
  return (
    <TooltipPrimitive.Provider delayDuration={200}>
      <TooltipPrimitive.Root defaultOpen={defaultOpen}>
        <TooltipPrimitive.Trigger asChild ref={focusOnMount}>
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={4}
            className={cn(
              "z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md data-[state=delayed-open]:animate-fade-in",
              className,
            )}
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}

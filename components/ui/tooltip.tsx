"use client";

import { cloneElement, type FocusEvent, type PointerEvent, type ReactElement, type ReactNode, useEffect, useState } from "react";
import type { TooltipPopup } from "@/components/ui/tooltip-popup";
import { whenIdle } from "@/lib/ui/when-idle";

type Popup = typeof TooltipPopup;
let loading: Promise<Popup> | undefined;
const loadPopup = () => (loading ??= import("@/components/ui/tooltip-popup").then((m) => m.TooltipPopup));

type TriggerHandlers = {
  onPointerEnter?: (event: PointerEvent) => void;
  onPointerLeave?: (event: PointerEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
};

/**
 * A hover/focus hint; with no `content` the child renders alone. Radix's tooltip and its positioning engine are not
 * part of the page's first load: they are fetched once the browser is idle, and a child is wrapped in them only when
 * first pointed at or focused (a table of a thousand rows does not mount a thousand tooltips after load); the hint
 * then opens, and a focused child keeps the focus.
 */
export function Tooltip({
  content,
  children,
  className,
}: {
  content: ReactNode;
  children: ReactElement<TriggerHandlers>;
  className?: string;
}) {
  const [Popup, setPopup] = useState<Popup | undefined>();
  const [wanted, setWanted] = useState<"pointer" | "focus" | null>(null);
  useEffect(() => (content ? whenIdle(() => void loadPopup()) : undefined), [content]);
  if (!content) return children;
  if (Popup && wanted) {
    return (
      <Popup content={content} className={className} defaultOpen focusTrigger={wanted === "focus"}>
        {children}
      </Popup>
    );
  }
  // Until then the child says when a hint is wanted, keeping its own handlers.
  const own = children.props;
  const want = (how: "pointer" | "focus" | null) => {
    setWanted(how);
    if (how) void loadPopup().then((popup) => setPopup(() => popup));
  };
  const chain =
    <E,>(handler: ((event: E) => void) | undefined, how: "pointer" | "focus" | null) =>
    (event: E) => {
      handler?.(event);
      want(how);
    };
  return cloneElement(children, {
    onPointerEnter: chain(own.onPointerEnter, "pointer"),
    onPointerLeave: chain(own.onPointerLeave, null),
    onFocus: chain(own.onFocus, "focus"),
    onBlur: chain(own.onBlur, null),
  });
}

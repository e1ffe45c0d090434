"use client";

import { cloneElement, type FocusEvent, type PointerEvent, type ReactElement, type ReactNode, useEffect, useState } from "react";
import type { TooltipPopup } from "@/components/ui/tooltip-popup";
import { whenIdle } from "@/lib/ui/when-idle";

type Popup = typeof TooltipPopup;
let loaded: Popup | undefined;
let loading: Promise<Popup> | undefined;
const loadPopup = () => (loading ??= import("@/components/ui/tooltip-popup").then((m) => (loaded = m.TooltipPopup)));

type TriggerHandlers = {
  onPointerEnter?: (event: PointerEvent) => void;
  onPointerLeave?: (event: PointerEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
};

/**
 * A hover/focus hint; with no `content` the child renders alone. Radix's tooltip and its positioning engine are not
 * part of the page's first load: they load once the browser is idle, or when the child is first pointed at or
 * focused, and a hint asked for meanwhile opens as they arrive.
 */
export function Tooltip({ content, children, className }: { content: ReactNode; children: ReactElement<TriggerHandlers>; className?: string }) {
  const [Popup, setPopup] = useState<Popup | undefined>(() => loaded);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!content || Popup) return;
    return whenIdle(() => void loadPopup().then((popup) => setPopup(() => popup)));
  }, [content, Popup]);
  if (!content) return children;
  if (Popup) {
    return (
      <Popup content={content} className={className} defaultOpen={wanted}>
        {children}
      </Popup>
    );
  }
  // Until then the child says when a hint is wanted, keeping its own handlers.
  const own = children.props;
  const want = (yes: boolean) => {
    setWanted(yes);
    if (yes) void loadPopup().then((popup) => setPopup(() => popup));
  };
  const chain =
    <E,>(handler: ((event: E) => void) | undefined, yes: boolean) =>
    (event: E) => {
      handler?.(event);
      want(yes);
    };
  return cloneElement(children, {
    onPointerEnter: chain(own.onPointerEnter, true),
    onPointerLeave: chain(own.onPointerLeave, false),
    onFocus: chain(own.onFocus, true),
    onBlur: chain(own.onBlur, false),
  });
}

"use client";

import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { useStandIn } from "@/lib/ui/use-stand-in";

/** What a lazily loaded menu draws its trigger with. */
export interface MenuTriggerProps {
  /** The trigger's content, drawn the same before and after the menu's code arrives. */
  trigger: ReactNode;
  triggerClassName: string;
  /** The stand-in had the focus: the real trigger takes it. */
  autoFocus: boolean;
}

/**
 * A dropdown menu whose code (Radix's menu and its positioning engine) is not part of the page's first load. The
 * page draws the trigger as a plain button; the menu's chunk loads once the browser is idle, or at the first pointer
 * or focus on the trigger, and the menu takes the button's place when it is clicked: it mounts open (see
 * `useStandIn`).
 */
export function lazyMenu<P extends object>(load: () => Promise<ComponentType<P & MenuTriggerProps>>) {
  let loading: Promise<ComponentType<P & MenuTriggerProps>> | undefined;
  const preload = () => (loading ??= load());
  const Loaded = lazy(() => preload().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per menu at module level, as React.lazy and next/dynamic are, never while rendering
  return function LazyMenu(props: P & Omit<MenuTriggerProps, "autoFocus">) {
    const { mounted, focused, handlers } = useStandIn(preload);
    const standIn = (
      <button type="button" aria-haspopup="menu" aria-expanded={false} className={props.triggerClassName} {...handlers}>
        {props.trigger}
      </button>
    );
    if (!mounted) return standIn;
    return (
      <Suspense fallback={standIn}>
        <Loaded {...props} autoFocus={focused} />
      </Suspense>
    );
  };
}

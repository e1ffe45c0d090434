"use client";

import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { contentClassName, overlayClassName } from "@/components/ui/dialog-styles";
import { focusTakenFrom } from "@/components/ui/return-focus";
import { Skeleton } from "@/components/ui/skeleton";
import { whenIdle } from "@/lib/ui/when-idle";

/**
 * A dialog whose code — its form, react-hook-form, the zod schema it checks — is not part of the page's first load.
 * Nothing is rendered until `isOpen` first holds; the dialog stays mounted afterwards so it can animate closed. Its
 * chunk is fetched once the browser is idle after the page has loaded, so opening it rarely waits; when it does, a
 * dialog frame with a skeleton stands in until the code arrives.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load());
  const Loaded = lazy(() => preload().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog at module level, as React.lazy and next/dynamic are, never while rendering
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    useEffect(() => whenIdle(() => void preload()), []);
    if (!opened) return null;
    return (
      <Suspense fallback={open ? <LoadingDialog /> : null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** The dialog's frame while its code loads: plain elements, since Radix's dialog is part of what is loading. */
function LoadingDialog() {
  const box = useRef<HTMLDivElement>(null);
  // Focus moves into the dialog as a dialog's would; the loaded dialog returns it to the opener on closing, and
  // this frame does if it closes first.
  useEffect(() => {
    const opener = document.activeElement;
    if (box.current) focusTakenFrom(box.current, opener);
    box.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected && document.activeElement === document.body) opener.focus();
    };
  }, []);
  return createPortal(
    <>
      <div className={overlayClassName} data-state="open" />
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-busy="true"
        aria-labelledby="lazy-dialog-title"
        tabIndex={-1}
        className={contentClassName}
        data-state="open"
      >
        <h2 id="lazy-dialog-title" className="text-lg leading-none font-semibold">
          Loading…
        </h2>
        <Skeleton className="h-24 w-full" />
      </div>
    </>,
    document.body,
  );
}

"use client";

import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";

const whenIdle = (task: () => void) => {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(task, { timeout: 3_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
};

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

function LoadingDialog() {
  return (
    <Dialog open>
      <DialogContent showCloseButton={false} aria-busy>
        <DialogTitle>Loading…</DialogTitle>
        <DialogDescription className="sr-only">The dialog is loading.</DialogDescription>
        <Skeleton className="h-24 w-full" />
      </DialogContent>
    </Dialog>
  );
}

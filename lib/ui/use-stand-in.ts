"use client";

import { useEffect, useState } from "react";
import { whenIdle } from "@/lib/ui/when-idle";

/**
 * The state of a control drawn as a plain stand-in until it is used (see `lazyMenu`, `ChoiceSelect`). Its code is
 * fetched once the browser is idle or at the first pointer or focus on the stand-in, but the real control takes the
 * stand-in's place only when the stand-in is clicked (or opened with ArrowDown): it then opens at once, taking the
 * focus. Swapping earlier would cost a table of a thousand rows a thousand mounts of Radix after load, and a swap
 * under the pointer would take the press on one element and the release on another, losing the click.
 */
export function useStandIn(preload: () => Promise<unknown>) {
  const [focused, setFocused] = useState(false);
  const [clicked, setClicked] = useState(false);
  useEffect(() => whenIdle(() => void preload()), [preload]);
  const activate = () => setClicked(true);
  const handlers = {
    onPointerEnter: () => void preload(),
    onFocus: () => {
      setFocused(true);
      void preload();
    },
    onBlur: () => setFocused(false),
    onClick: activate,
    onKeyDown: (event: { key: string }) => event.key === "ArrowDown" && activate(),
  };
  return { mounted: clicked, focused, handlers };
}

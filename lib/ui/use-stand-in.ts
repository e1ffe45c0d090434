"use client";

import { useEffect, useState } from "react";
import { whenIdle } from "@/lib/ui/when-idle";

/**
 * The state of a control drawn as a plain stand-in until its code loads (see `lazyMenu`, `ChoiceSelect`): the code is
 * fetched once the browser is idle or at the first pointer or focus on the stand-in; `mounted` says the real control
 * may take its place (loaded, or clicked: it then opens as it arrives), and whether the stand-in was clicked or had
 * the focus, which the real control takes over.
 */
export function useStandIn(preload: () => Promise<unknown>) {
  const [mounted, setMounted] = useState(false);
  const [clicked, setClicked] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => whenIdle(() => void preload().then(() => setMounted(true))), [preload]);
  const activate = () => {
    setClicked(true);
    setMounted(true);
  };
  const handlers = {
    onPointerEnter: () => void preload(),
    onFocus: () => {
      setFocused(true);
      void preload();
    },
    onBlur: () => setFocused(false),
    onClick: activate,
  };
  return { mounted, clicked, focused, activate, handlers };
}

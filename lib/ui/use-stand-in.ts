"use client";

import { useEffect, useState } from "react";
import { whenIdle } from "@/lib/ui/when-idle";

/**
 * The state of a control drawn as a plain stand-in until its code loads (see `lazyMenu`, `ChoiceSelect`). The code
 * is fetched once the browser is idle or at the first pointer or focus on the stand-in. `mounted` says the real
 * control takes the stand-in's place: at once when the stand-in is clicked (it then opens as it arrives, taking the
 * focus if the stand-in had it), otherwise once loaded and nobody is on the stand-in — a swap under the pointer would
 * take the press on one element and the release on another, and the click would be lost.
 */
export function useStandIn(preload: () => Promise<unknown>) {
  const [loaded, setLoaded] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [clicked, setClicked] = useState(false);
  useEffect(() => whenIdle(() => void preload().then(() => setLoaded(true))), [preload]);
  const activate = () => setClicked(true);
  const handlers = {
    onPointerEnter: () => {
      setHovered(true);
      void preload();
    },
    onPointerLeave: () => setHovered(false),
    onFocus: () => {
      setFocused(true);
      void preload();
    },
    onBlur: () => setFocused(false),
    onClick: activate,
    onKeyDown: (event: { key: string }) => event.key === "ArrowDown" && activate(),
  };
  return { mounted: clicked || (loaded && !hovered && !focused), clicked, focused, handlers };
}

import { useCallback, useRef, type Ref } from "react";

/** Stand-ins that took the focus for a dialog still loading (see lazy-dialog), each with the element it took it from. */
const standIns = new WeakMap<Element, Element>();

/** Names the element `standIn` took the focus from, for the dialog that replaces it to give the focus back to. */
export function focusTakenFrom(standIn: Element, opener: Element | null) {
  if (opener) standIns.set(standIn, opener);
}

/**
 * Radix dialogs return the focus on closing to their Trigger, and most here are opened by state (a button, a menu
 * item) without one: the focus then fell to `<body>`. This remembers the element that had the focus as the dialog's
 * content mounted (its ref runs before anything moves the focus inside) and returns the focus there on closing,
 * while that element is still on the page. The caller's own handler runs first and may prevent it.
 */
export function useReturnFocus<T extends HTMLElement>(ref: Ref<T> | undefined, onCloseAutoFocus?: (event: Event) => void) {
  const opener = useRef<HTMLElement | null>(null);
  const contentRef = useCallback(
    (node: T | null) => {
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
      if (!node) return;
      const active = document.activeElement;
      const origin = (active && standIns.get(active)) ?? active;
      opener.current = origin instanceof HTMLElement && origin !== document.body && !node.contains(origin) ? origin : null;
    },
    [ref],
  );
  return {
    ref: contentRef,
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented || !opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}

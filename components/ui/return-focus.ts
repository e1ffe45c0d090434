import { useRef } from "react";

type AutoFocusHandler = (event: Event) => void;

/**
 * Radix dialogs return the focus on closing to their Trigger, and most here are opened by state (a button, a menu
 * item) without one: the focus then fell to `<body>`. These handlers return it to the element that had it when
 * the dialog opened, while that element is still on the page; the caller's own handlers run first.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: { onOpenAutoFocus?: AutoFocusHandler; onCloseAutoFocus?: AutoFocusHandler }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Called before the dialog moves the focus inside it.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented || !opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}

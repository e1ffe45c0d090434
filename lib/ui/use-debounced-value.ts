import { useEffect, useState } from "react";

/** `value`, once it has stopped changing for `delayMs` (searches typed into a box hit the server once). */
export function useDebouncedValue<T>(value: T, delayMs = 150): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

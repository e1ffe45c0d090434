// Without imports: the insights' schemas use it, and the browser loads those for forms.

/** PostHog's `ExecutionMode` (`refresh` on insight list/retrieve), `true`/`false` as its legacy values map them. */
export const REFRESH_MODES = ["force_cache", "blocking", "async", "lazy_async", "force_blocking", "force_async"] as const;
export type RefreshMode = (typeof REFRESH_MODES)[number];

/** `refresh=true` is PostHog's legacy flag for `force_blocking`; `false` the default `force_cache`. */
export function refreshMode(raw: string | undefined, fallback: RefreshMode = "force_cache"): RefreshMode | null {
  if (raw === undefined || raw === "") return fallback;
  const lowered = raw.toLowerCase();
  if (lowered === "true" || lowered === "1") return "force_blocking";
  if (lowered === "false" || lowered === "0") return "force_cache";
  return (REFRESH_MODES as readonly string[]).includes(lowered) ? (lowered as RefreshMode) : null;
}

import type { TTrendFilterInput } from "@/lib/analytics/trends/schemas";
import type { TTrendItem } from "@/lib/ui/types";
import type { LifecycleStatus } from "@/lib/analytics/lifecycle/statuses";

/**
 * The builder's lifecycle filter: a trend body with `insight: "LIFECYCLE"` and one series, plus PostHog's
 * `toggledLifecycles` (the statuses drawn; the API ignores it, the insight saves it).
 */
export type LifecycleFilters = TTrendFilterInput & { toggledLifecycles?: LifecycleStatus[] };

/** One status's item: a trend item with its `status` and a persons URL per bucket. */
export type LifecycleItem = TTrendItem & { persons_urls?: { url: string }[] };
export type LifecycleResult = LifecycleItem[];

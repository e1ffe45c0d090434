import type { TTrendFilterInput } from "@/lib/analytics/trends/schemas";
import type { TTrendItem } from "@/lib/ui/types";

/** The builder's stickiness filter: a trend body with `insight: "STICKINESS"` (and PostHog's older `shown_as`). */
export type StickinessFilters = TTrendFilterInput;
export type StickinessResult = TTrendItem[];

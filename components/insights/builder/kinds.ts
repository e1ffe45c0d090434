import type { AnyInsightKind, InsightKind } from "@/components/insights/builder/types";
import { funnelsKind } from "@/components/insights/funnels/definition";
import { lifecycleKind } from "@/components/insights/lifecycle/definition";
import { pathsKind } from "@/components/insights/paths/definition";
import { retentionKind } from "@/components/insights/retention/definition";
import { stickinessKind } from "@/components/insights/stickiness/definition";
import { trendsKind } from "@/components/insights/trends/definition";
import type { LegacyFilters } from "@/lib/insights/builder/url-state";

/** The kinds in the builder's tab order. */
export const INSIGHT_KINDS: AnyInsightKind[] = [trendsKind, funnelsKind, retentionKind, pathsKind, stickinessKind, lifecycleKind];

/** The kind a legacy filter is (PostHog's `insight`; stickiness and lifecycle are also trends with their `shown_as`). */
export function kindOf(filters: LegacyFilters): AnyInsightKind {
  const insight = String(filters.insight ?? "TRENDS").toUpperCase() as InsightKind;
  if (filters.shown_as === "Stickiness") return stickinessKind;
  if (filters.shown_as === "Lifecycle") return lifecycleKind;
  return INSIGHT_KINDS.find((kind) => kind.kind === insight) ?? trendsKind;
}

import type { TInsightBasic } from "@/lib/ui/types";

/** How the UI names each insight kind (`filters.insight` / the query's kind). */
export const KIND_LABELS: Record<string, string> = {
  TRENDS: "Trends",
  FUNNELS: "Funnels",
  RETENTION: "Retention",
  PATHS: "Paths",
  STICKINESS: "Stickiness",
  LIFECYCLE: "Lifecycle",
};

/** An insight's name, else the one derived from what it shows, as PostHog shows it. */
export const insightTitle = (insight: Pick<TInsightBasic, "name" | "derived_name">) =>
  insight.name || insight.derived_name || "Untitled insight";

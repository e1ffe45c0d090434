"use client";

import dynamic from "next/dynamic";
import { TrendingUpIcon } from "lucide-react";
import { EditorLoading, ResultLoading } from "@/components/insights/builder/loading";
import type { InsightKindDefinition } from "@/components/insights/builder/types";
import type { TrendsFilters } from "@/components/insights/trends/types";
import type { TTrendItem } from "@/lib/ui/types";

// A kind's editor and view load with the page that shows that kind, the other kinds' when the analyst switches to
// them. The editor is drawn in the browser only (a skeleton until then): a server-drawn editor would show controls
// that ignore clicks until its chunk arrives and React hydrates it.
const TrendsDisplayConfig = dynamic(() => import("@/components/insights/trends/display-config").then((m) => m.TrendsDisplayConfig), {
  ssr: false,
  loading: () => null,
});
const TrendsEditor = dynamic(() => import("@/components/insights/trends/editor").then((m) => m.TrendsEditor), {
  ssr: false,
  loading: EditorLoading,
});
const TrendsView = dynamic(() => import("@/components/insights/trends/view").then((m) => m.TrendsView), { loading: ResultLoading });

export const trendsKind: InsightKindDefinition<TrendsFilters, TTrendItem[]> = {
  kind: "TRENDS",
  label: "Trends",
  description: "Events, users and property values over time",
  icon: TrendingUpIcon,
  endpoint: "trend",
  defaultFilters: () => ({
    insight: "TRENDS",
    events: [{ id: "$pageview", type: "events", order: 0, name: "$pageview", math: "total" }],
    date_from: "-7d",
    interval: "day",
    display: "ActionsLineGraph",
  }),
  Editor: TrendsEditor,
  DisplayConfig: TrendsDisplayConfig,
  View: TrendsView,
};

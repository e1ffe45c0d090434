"use client";

import dynamic from "next/dynamic";
import { TrendingUpIcon } from "lucide-react";
import { EditorLoading, ResultLoading } from "@/components/insights/builder/loading";
import type { InsightKindDefinition } from "@/components/insights/builder/types";
import type { TrendsFilters } from "@/components/insights/trends/types";
import type { TTrendItem } from "@/lib/ui/types";

// A kind's editor and view load with the page that shows that kind (the server renders its editor, so its
// chunks come with the HTML), the other kinds' when the analyst switches to them.
const TrendsDisplayConfig = dynamic(() => import("@/components/insights/trends/display-config").then((m) => m.TrendsDisplayConfig), { loading: () => null });
const TrendsEditor = dynamic(() => import("@/components/insights/trends/editor").then((m) => m.TrendsEditor), { loading: EditorLoading });
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

"use client";

import { TrendingUpIcon } from "lucide-react";
import type { InsightKindDefinition } from "@/components/insights/builder/types";
import { TrendsDisplayConfig } from "@/components/insights/trends/display-config";
import { TrendsEditor } from "@/components/insights/trends/editor";
import type { TrendsFilters } from "@/components/insights/trends/types";
import { TrendsView } from "@/components/insights/trends/view";
import type { TTrendItem } from "@/lib/ui/types";

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

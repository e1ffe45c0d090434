"use client";

import { FilterIcon } from "lucide-react";
import type { InsightKindDefinition } from "@/components/insights/builder/types";
import { FunnelsDisplayConfig } from "@/components/insights/funnels/display-config";
import { FunnelsEditor } from "@/components/insights/funnels/editor";
import type { FunnelsFilters } from "@/components/insights/funnels/types";
import { FunnelsView } from "@/components/insights/funnels/view";

export const funnelsKind: InsightKindDefinition<FunnelsFilters> = {
  kind: "FUNNELS",
  label: "Funnels",
  description: "How many users complete a sequence of steps",
  icon: FilterIcon,
  endpoint: "funnel",
  viewKeys: ["funnel_step_reference", "layout"],
  defaultFilters: () => ({
    insight: "FUNNELS",
    events: [
      { id: "$pageview", type: "events", order: 0, name: "$pageview" },
      { id: "$pageview", type: "events", order: 1, name: "$pageview" },
    ],
    date_from: "-7d",
    funnel_viz_type: "steps",
    funnel_window_interval: 14,
    funnel_window_interval_unit: "day",
  }),
  Editor: FunnelsEditor,
  DisplayConfig: FunnelsDisplayConfig,
  View: FunnelsView,
};

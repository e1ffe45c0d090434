"use client";

import dynamic from "next/dynamic";
import { FilterIcon } from "lucide-react";
import { EditorLoading, ResultLoading } from "@/components/insights/builder/loading";
import type { InsightKindDefinition } from "@/components/insights/builder/types";
import type { FunnelsFilters } from "@/components/insights/funnels/types";

// A kind's editor and view load with the page that shows that kind, the other kinds' when the analyst switches to
// them. The editor is drawn in the browser only (a skeleton until then): a server-drawn editor would show controls
// that ignore clicks until its chunk arrives and React hydrates it.
const FunnelsDisplayConfig = dynamic(() => import("@/components/insights/funnels/display-config").then((m) => m.FunnelsDisplayConfig), {
  ssr: false,
  loading: () => null,
});
const FunnelsEditor = dynamic(() => import("@/components/insights/funnels/editor").then((m) => m.FunnelsEditor), {
  ssr: false,
  loading: EditorLoading,
});
const FunnelsView = dynamic(() => import("@/components/insights/funnels/view").then((m) => m.FunnelsView), { loading: ResultLoading });

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

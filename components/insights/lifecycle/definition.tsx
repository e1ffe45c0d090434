"use client";

import dynamic from "next/dynamic";
import { SproutIcon } from "lucide-react";
import { EditorLoading, ResultLoading } from "@/components/insights/builder/loading";
import type { InsightKindDefinition } from "@/components/insights/builder/types";
import type { LifecycleFilters, LifecycleResult } from "./types";

// Loaded with the page that shows a lifecycle, the editor in the browser only (see the stickiness definition).
const LifecycleDisplayConfig = dynamic(() => import("./display-config").then((m) => m.LifecycleDisplayConfig), {
  ssr: false,
  loading: () => null,
});
const LifecycleEditor = dynamic(() => import("./editor").then((m) => m.LifecycleEditor), { ssr: false, loading: EditorLoading });
const LifecycleView = dynamic(() => import("./view").then((m) => m.LifecycleView), { loading: ResultLoading });

export const lifecycleKind: InsightKindDefinition<LifecycleFilters, LifecycleResult> = {
  kind: "LIFECYCLE",
  label: "Lifecycle",
  description: "New, returning, resurrecting and dormant users in each period",
  icon: SproutIcon,
  endpoint: "trend",
  // Which statuses are drawn changes nothing the API computes.
  viewKeys: ["toggledLifecycles"],
  defaultFilters: () => ({
    insight: "LIFECYCLE",
    events: [{ id: "$pageview", type: "events", order: 0, name: "$pageview" }],
    date_from: "-30d",
    interval: "day",
  }),
  Editor: LifecycleEditor,
  DisplayConfig: LifecycleDisplayConfig,
  View: LifecycleView,
};

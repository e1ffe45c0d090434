"use client";

import dynamic from "next/dynamic";
import { GridIcon } from "lucide-react";
import { EditorLoading, ResultLoading } from "@/components/insights/builder/loading";
import type { InsightKindDefinition } from "@/components/insights/builder/types";
import type { RetentionFilters, RetentionResult } from "./types";

// A kind's editor and view load with the page that shows that kind, the other kinds' when the analyst switches to
// them. The editor is drawn in the browser only (a skeleton until then): a server-drawn editor would show controls
// that ignore clicks until its chunk arrives and React hydrates it.
const RetentionDisplayConfig = dynamic(() => import("./display-config").then((m) => m.RetentionDisplayConfig), {
  ssr: false,
  loading: () => null,
});
const RetentionEditor = dynamic(() => import("./editor").then((m) => m.RetentionEditor), { ssr: false, loading: EditorLoading });
const RetentionView = dynamic(() => import("./view").then((m) => m.RetentionView), { loading: ResultLoading });

export const retentionKind: InsightKindDefinition<RetentionFilters, RetentionResult> = {
  kind: "RETENTION",
  label: "Retention",
  description: "How many users come back after their first visit",
  icon: GridIcon,
  endpoint: "retention",
  defaultFilters: () => ({
    insight: "RETENTION",
    target_entity: { id: "$pageview", type: "events", name: "$pageview" },
    returning_entity: { id: "$pageview", type: "events", name: "$pageview" },
    retention_type: "retention_first_time",
    period: "Day",
    total_intervals: 8,
  }),
  Editor: RetentionEditor,
  DisplayConfig: RetentionDisplayConfig,
  View: RetentionView,
};

"use client";

import { GridIcon } from "lucide-react";
import type { InsightKindDefinition } from "@/components/insights/builder/types";
import { RetentionDisplayConfig } from "./display-config";
import { RetentionEditor } from "./editor";
import type { RetentionFilters, RetentionResult } from "./types";
import { RetentionView } from "./view";

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

"use client";

import { RepeatIcon } from "lucide-react";
import type { InsightKindDefinition } from "@/components/insights/builder/types";
import { StickinessDisplayConfig } from "./display-config";
import { StickinessEditor } from "./editor";
import type { StickinessFilters, StickinessResult } from "./types";
import { StickinessView } from "./view";

export const stickinessKind: InsightKindDefinition<StickinessFilters, StickinessResult> = {
  kind: "STICKINESS",
  label: "Stickiness",
  description: "How many days in a period users come back to do something",
  icon: RepeatIcon,
  endpoint: "trend",
  defaultFilters: () => ({
    insight: "STICKINESS",
    shown_as: "Stickiness",
    events: [{ id: "$pageview", type: "events", order: 0, name: "$pageview", math: "dau" }],
    date_from: "-30d",
    interval: "day",
  }),
  Editor: StickinessEditor,
  DisplayConfig: StickinessDisplayConfig,
  View: StickinessView,
};

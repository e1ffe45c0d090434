"use client";

import dynamic from "next/dynamic";
import { RepeatIcon } from "lucide-react";
import { EditorLoading, ResultLoading } from "@/components/insights/builder/loading";
import type { InsightKindDefinition } from "@/components/insights/builder/types";
import type { StickinessFilters, StickinessResult } from "./types";

// A kind's editor and view load with the page that shows that kind (the server renders its editor, so its
// chunks come with the HTML), the other kinds' when the analyst switches to them.
const StickinessDisplayConfig = dynamic(() => import("./display-config").then((m) => m.StickinessDisplayConfig), { loading: () => null });
const StickinessEditor = dynamic(() => import("./editor").then((m) => m.StickinessEditor), { loading: EditorLoading });
const StickinessView = dynamic(() => import("./view").then((m) => m.StickinessView), { loading: ResultLoading });

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

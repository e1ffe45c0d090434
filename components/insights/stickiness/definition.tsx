"use client";

import dynamic from "next/dynamic";
import { RepeatIcon } from "lucide-react";
import { EditorLoading, ResultLoading } from "@/components/insights/builder/loading";
import type { InsightKindDefinition } from "@/components/insights/builder/types";
import type { StickinessFilters, StickinessResult } from "./types";

// A kind's editor and view load with the page that shows that kind, the other kinds' when the analyst switches to
// them. The editor is drawn in the browser only (a skeleton until then): a server-drawn editor would show controls
// that ignore clicks until its chunk arrives and React hydrates it.
const StickinessDisplayConfig = dynamic(() => import("./display-config").then((m) => m.StickinessDisplayConfig), {
  ssr: false,
  loading: () => null,
});
const StickinessEditor = dynamic(() => import("./editor").then((m) => m.StickinessEditor), { ssr: false, loading: EditorLoading });
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

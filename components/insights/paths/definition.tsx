"use client";

import dynamic from "next/dynamic";
import { WaypointsIcon } from "lucide-react";
import { EditorLoading, ResultLoading } from "@/components/insights/builder/loading";
import type { InsightKindDefinition } from "@/components/insights/builder/types";
import type { PathsFilters, PathsResult } from "./types";

// A kind's editor and view load with the page that shows that kind, the other kinds' when the analyst switches to
// them. The editor is drawn in the browser only (a skeleton until then): a server-drawn editor would show controls
// that ignore clicks until its chunk arrives and React hydrates it.
const PathsDisplayConfig = dynamic(() => import("./display-config").then((m) => m.PathsDisplayConfig), { ssr: false, loading: () => null });
const PathsEditor = dynamic(() => import("./editor").then((m) => m.PathsEditor), { ssr: false, loading: EditorLoading });
const PathsView = dynamic(() => import("./view").then((m) => m.PathsView), { loading: ResultLoading });

export const pathsKind: InsightKindDefinition<PathsFilters, PathsResult> = {
  kind: "PATHS",
  label: "Paths",
  description: "The routes users take through the product",
  icon: WaypointsIcon,
  endpoint: "path",
  defaultFilters: () => ({ insight: "PATHS", include_event_types: ["$pageview"], date_from: "-7d", step_limit: 5 }),
  Editor: PathsEditor,
  DisplayConfig: PathsDisplayConfig,
  View: PathsView,
};

"use client";

import { WaypointsIcon } from "lucide-react";
import type { InsightKindDefinition } from "@/components/insights/builder/types";
import { PathsDisplayConfig } from "./display-config";
import { PathsEditor } from "./editor";
import type { PathsFilters, PathsResult } from "./types";
import { PathsView } from "./view";

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

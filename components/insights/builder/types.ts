import type { ComponentType } from "react";
import type { LucideIcon } from "lucide-react";
import type { AnnotationPlace } from "@/components/annotations/annotation-dialog";
import type { LegacyFilters } from "@/lib/insights/builder/url-state";
import type { AnalysisResponse } from "@/lib/ui/types";

export type InsightKind = "TRENDS" | "FUNNELS" | "RETENTION" | "PATHS" | "STICKINESS" | "LIFECYCLE";

/** The analysis endpoint under `/api/projects/:id/insights/` a kind posts its legacy filter to. */
type AnalysisEndpoint = "trend" | "funnel" | "retention" | "path";

export interface KindEditorProps<F extends LegacyFilters = LegacyFilters> {
  projectId: number;
  filters: F;
  /** Merges into the filter (a key set to `undefined` is removed); each call is one step of the browser history. */
  setFilters: (patch: Partial<F>) => void;
}

export interface KindViewProps<F extends LegacyFilters = LegacyFilters, R = unknown> extends KindEditorProps<F> {
  response: AnalysisResponse<R>;
  /** The insight's name, for the files a view downloads. */
  title?: string;
  /** Read-only places (dashboard tiles, shared pages) draw the chart alone, without tables or drill-downs. */
  compact?: boolean;
  /** Where the view is shown to a member (builder, dashboard): time axes draw the annotations that belong there. */
  annotations?: AnnotationPlace;
}

/**
 * One kind of insight in the builder. `Editor` fills the left column (series, steps, filters, breakdown);
 * `DisplayConfig` sits in the bar above the chart beside the date range (interval, display, compare…);
 * `View` draws the response.
 */
export interface InsightKindDefinition<F extends LegacyFilters = LegacyFilters, R = unknown> {
  kind: InsightKind;
  label: string;
  description: string;
  icon: LucideIcon;
  endpoint: AnalysisEndpoint;
  /** Keys of the filter that change only how the result is drawn: not posted, so changing one recomputes nothing. */
  viewKeys?: readonly string[];
  /** A new insight of this kind: what it shows before the analyst changes anything. */
  defaultFilters: () => F;
  Editor: ComponentType<KindEditorProps<F>>;
  DisplayConfig?: ComponentType<KindEditorProps<F>>;
  View: ComponentType<KindViewProps<F, R>>;
}

/** A kind of any filter and result type: the registry holds kinds whose filter types differ side by side. */
// biome-ignore lint/suspicious/noExplicitAny: the filter types vary contravariantly in the kinds' callbacks, so only `any` admits all of them
export type AnyInsightKind = InsightKindDefinition<any, any>;

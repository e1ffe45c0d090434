import type { z } from "zod";
import type { TFunnelFilter, ZFunnelExclusion } from "@/lib/analytics/funnels/schemas";
import type { FilterEntity } from "@/components/insights/controls/entity-list";
import type { LegacyFilters } from "@/lib/insights/builder/url-state";

/**
 * The funnel's legacy filter as the builder keeps it (the body posted to `insights/funnel/`), plus PostHog's
 * display-only keys the API ignores: `funnel_step_reference` (conversion of the first or the previous step) and
 * `layout` (bars left to right, `vertical`, or top to bottom, `horizontal`).
 */
type FilterKey =
  | "insight"
  | "exclusions"
  | "properties"
  | "filter_test_accounts"
  | "date_from"
  | "date_to"
  | "interval"
  | "breakdown"
  | "breakdown_type"
  | "breakdown_limit"
  | "breakdown_attribution_type"
  | "breakdown_attribution_value"
  | "funnel_window_interval"
  | "funnel_window_interval_unit"
  | "funnel_viz_type"
  | "funnel_order_type"
  | "funnel_from_step"
  | "funnel_to_step"
  | "bin_count"
  | "compare";

export type FunnelsFilters = Partial<Pick<TFunnelFilter, FilterKey>> &
  LegacyFilters & {
    /** The steps, as the shared entity list writes them. */
    events?: FilterEntity[];
    actions?: FilterEntity[];
    funnel_step_reference?: "total" | "previous";
    layout?: "vertical" | "horizontal";
  };

export type FunnelExclusion = z.output<typeof ZFunnelExclusion>;

import type { z } from "zod";
import type { TrendLine } from "@/components/insights/trends/results";
import type { ZTrendFilter } from "@/lib/analytics/trends/schemas";

/** The trend body the builder posts, plus its formulas (`formulas`, which the API ignores: see formulas.ts). */
export type TrendsFilters = z.input<typeof ZTrendFilter> & { formulas?: string[] };

/** The displays that draw the lines over time. */
export type TimeSeriesDisplay = "ActionsLineGraph" | "ActionsLineGraphCumulative" | "ActionsAreaGraph" | "ActionsBar" | "ActionsStackedBar";

/** A click on the plot: the bucket, the line when the chart can tell, and where the pointer was (for a menu). */
export type PointHandler = (index: number, line: TrendLine | null, at: { x: number; y: number }) => void;

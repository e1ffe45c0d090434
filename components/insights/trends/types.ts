import type { z } from "zod";
import type { ZTrendFilter } from "@/lib/analytics/trends/schemas";

/** The trend body the builder posts, plus its formulas (`formulas`, which the API ignores: see formulas.ts). */
export type TrendsFilters = z.input<typeof ZTrendFilter> & { formulas?: string[] };

/** The displays that draw the lines over time. */
export type TimeSeriesDisplay = "ActionsLineGraph" | "ActionsLineGraphCumulative" | "ActionsAreaGraph" | "ActionsBar" | "ActionsStackedBar";

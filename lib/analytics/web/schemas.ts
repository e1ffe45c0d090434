import { z } from "zod";

/** PostHog's web analytics queries (WebOverviewQuery, WebStatsTableQuery) as the query API takes them. */

/** The breakdowns a stats table answers (PostHog's WebStatsBreakdown values this engine computes). */
export const WEB_BREAKDOWNS = [
  "Page",
  "InitialPage",
  "ExitPage",
  "InitialReferringDomain",
  "InitialChannelType",
  "InitialUTMSource",
  "InitialUTMMedium",
  "InitialUTMCampaign",
  "DeviceType",
  "Browser",
  "OS",
  "Country",
  "Viewport",
] as const;
export type WebBreakdown = (typeof WEB_BREAKDOWNS)[number];

/** Rows one stats table may ask for (PostHog's cards ask 10, "show more" 100). */
export const MAX_WEB_TABLE_LIMIT = 1_000;
export const WEB_TABLE_LIMIT_DEFAULT = 10;
/** The project's path cleaning rules are bounded where they are saved; these are the query's own. */
const MAX_PROPERTY_FILTERS = 100;

const ZDateRange = z
  .object({ date_from: z.string().max(100).nullish(), date_to: z.string().max(100).nullish() })
  .loose()
  .meta({ description: "`date_from` defaults to `-7d`; `date_to` to now" });

const common = {
  dateRange: ZDateRange.nullish(),
  properties: z
    .array(z.unknown())
    .max(MAX_PROPERTY_FILTERS)
    .nullish()
    .meta({ description: "Event, person and session (`$session_duration`) property filters, all of which must hold" }),
  compareFilter: z
    .object({ compare: z.boolean().nullish() })
    .loose()
    .nullish()
    .meta({ description: "`compare: true` also answers the previous period of the same length (`previous`)" }),
  filterTestAccounts: z.boolean().nullish().meta({ description: "Leave out the project's internal and test users" }),
  doPathCleaning: z.boolean().nullish().meta({ description: "Apply the project's path cleaning rules to paths" }),
};

export const ZWebOverviewQuery = z.object({ kind: z.literal("WebOverviewQuery"), ...common }).loose();

export const WEB_ORDER_FIELDS = ["Visitors", "Views", "BounceRate"] as const;

export const ZWebStatsTableQuery = z
  .object({
    kind: z.literal("WebStatsTableQuery"),
    ...common,
    breakdownBy: z.enum(WEB_BREAKDOWNS),
    limit: z.number().int().min(1).max(MAX_WEB_TABLE_LIMIT).nullish(),
    orderBy: z
      .tuple([z.enum(WEB_ORDER_FIELDS), z.enum(["ASC", "DESC"])])
      .nullish()
      .meta({ description: "`[field, direction]`; default the most visitors first" }),
    includeBounceRate: z.boolean().nullish(),
  })
  .loose();

export type TWebOverviewQuery = z.output<typeof ZWebOverviewQuery>;
export type TWebStatsTableQuery = z.output<typeof ZWebStatsTableQuery>;
const ZWebQueryCommon = z.object(common);

/** The visitors trend of a shared web analytics page: its range and filters, the series fixed. */
export const ZWebVisitorsTrendRequest = z
  .object({ dateRange: common.dateRange, properties: common.properties, filterTestAccounts: common.filterTestAccounts })
  .meta({ id: "WebVisitorsTrendRequest" });
export type TWebQueryCommon = z.output<typeof ZWebQueryCommon>;

/** One overview tile (PostHog's WebOverviewItem). */
export interface WebOverviewItem {
  key: "visitors" | "views" | "sessions" | "session duration" | "bounce rate";
  kind: "unit" | "duration_s" | "percentage";
  value: number | null;
  previous: number | null;
  changeFromPreviousPct: number | null;
  isIncreaseBad?: boolean;
  /** Bounce rate only: its value per interval of the range, for the tile's sparkline. */
  sparkline?: number[];
}

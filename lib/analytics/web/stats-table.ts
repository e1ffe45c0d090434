import { getAnalysisStore } from "@/lib/analytics/store";
import { channelTypeSql } from "./channels";
import { WEB_TABLE_LIMIT_DEFAULT, type TWebStatsTableQuery, type WebBreakdown } from "./schemas";
import { webScope, type WebScope, type WebProject } from "./scope";
import { type SessionAttributeName, sessionsSql } from "./sessions";

/** A JSON property of the event as Nullable(String): NULL when missing (ClickHouse's argMin then skips it). */
const prop = (key: string, column = "properties") => `JSONExtract(${column}, '${key}', 'Nullable(String)')`;

/**
 * Where a breakdown's value comes from: the pageview itself (`e`), or its session's attributes (`SESSION_ATTRIBUTES`),
 * which every pageview of the session shares.
 */
type BreakdownSource =
  | { pageview: (scope: WebScope) => string }
  | {
      session: SessionAttributeName[];
      /** The value over the session's attributes. */
      value: (scope: WebScope) => string;
      bounce?: boolean;
    };

const utm = (key: "utm_source" | "utm_medium" | "utm_campaign"): BreakdownSource => ({
  session: [`first_${key}`],
  value: () => `first_${key}`,
});

const BREAKDOWNS: Record<WebBreakdown, BreakdownSource> = {
  Page: { pageview: (scope) => scope.cleanPath("e.prop_pathname") },
  InitialPage: { session: ["entry_path"], value: (scope) => scope.cleanPath("entry_path"), bounce: true },
  ExitPage: { session: ["exit_path"], value: (scope) => scope.cleanPath("exit_path") },
  InitialReferringDomain: { session: ["first_referring_domain"], value: () => "first_referring_domain" },
  InitialChannelType: {
    session: [
      "first_referring_domain",
      "first_utm_source",
      "first_utm_medium",
      "first_utm_campaign",
      "first_gclid",
      "first_gad_source",
      "first_fbclid",
    ],
    value: () =>
      channelTypeSql({
        referringDomain: "first_referring_domain",
        source: "first_utm_source",
        medium: "first_utm_medium",
        campaign: "first_utm_campaign",
        gclid: "first_gclid",
        gadSource: "first_gad_source",
        fbclid: "first_fbclid",
      }),
  },
  InitialUTMSource: utm("utm_source"),
  InitialUTMMedium: utm("utm_medium"),
  InitialUTMCampaign: utm("utm_campaign"),
  DeviceType: { pageview: () => "e.prop_device_type" },
  Browser: { pageview: () => "e.prop_browser" },
  OS: { pageview: () => "e.prop_os" },
  Country: { pageview: () => prop("$geoip_country_code", "e.properties") },
  Viewport: {
    // Both sizes from one parse of the properties (the same expression is computed once); each as JSONExtractInt
    // reads a value: a number's integer part, a numeric string's, else 0. A size missing or null: no viewport.
    pageview: () => {
      const size = "JSONExtract(e.properties, 'Tuple(`$viewport_width` Nullable(String), `$viewport_height` Nullable(String))')";
      const pixels = (i: number) => `toString(ifNull(accurateCastOrNull(trunc(toFloat64OrZero(assumeNotNull(${size}.${i}))), 'Int64'), 0))`;
      return `if(${size}.1 IS NOT NULL AND ${size}.2 IS NOT NULL, concat(${pixels(1)}, 'x', ${pixels(2)}), NULL)`;
    },
  },
};

/** Per value of a breakdown of the pageview itself: its visitors and views in each period. */
function pageviewRowsSql(scope: WebScope, value: string): string {
  return `SELECT ${value} AS value,
      uniqExactIf(${scope.person}, ${scope.current}) AS visitors_cur,
      uniqExactIf(${scope.person}, ${scope.previousPeriod}) AS visitors_prev,
      countIf(${scope.current}) AS views_cur,
      countIf(${scope.previousPeriod}) AS views_prev
    FROM events AS e ${scope.joins}
    WHERE ${scope.where}
    GROUP BY value`;
}

/**
 * Per value of a session attribute: one row per session (its pageviews' persons kept to count visitors across
 * sessions), and one for the pageviews without a session (their value is NULL). The rows are first merged per
 * distinct attribute (exact visitor sets as `uniqExact` states), so the value's expression (path cleaning, the
 * channel's regular expressions) runs once per attribute rather than once per session.
 */
function sessionRowsSql(scope: WebScope, source: Extract<BreakdownSource, { session: unknown }>, bounce: boolean): string {
  const attributes = source.session;
  const sessions = sessionsSql(scope, { attributes: bounce ? [...attributes, "is_bounce"] : attributes, persons: true });
  const perPeriod = (sql: (p: "cur" | "prev") => string) => `${sql("cur")}, ${sql("prev")}`;
  const bounceRate = (p: string) => `if(sum(sessions_${p}) = 0, NULL, sum(bounces_${p}) / sum(sessions_${p})) AS bounce_${p}`;
  return `SELECT if(in_session, ${source.value(scope)}, NULL) AS value,
      ${perPeriod((p) => `uniqExactArrayMerge(persons_${p}) AS visitors_${p}`)}, ${perPeriod((p) => `sum(n_${p}) AS views_${p}`)}
      ${bounce ? `, ${perPeriod(bounceRate)}` : ""}
    FROM (
      SELECT in_session, ${attributes.join(", ")},
        ${perPeriod((p) => `uniqExactArrayState(pids_${p}) AS persons_${p}, sum(views_${p}) AS n_${p}`)},
        ${perPeriod((p) => `countIf(in_session AND views_${p} > 0) AS sessions_${p}, countIf(in_session AND views_${p} > 0 AND is_bounce) AS bounces_${p}`)}
      FROM (
        SELECT 1 AS in_session, ${attributes.join(", ")}, views_cur, views_prev, pids_cur, pids_prev,
          ${bounce ? "toUInt8(is_bounce)" : "toUInt8(0)"} AS is_bounce
        FROM (${sessions})
        UNION ALL
        SELECT 0, ${attributes.map(() => "NULL").join(", ")}, countIf(${scope.current}), countIf(${scope.previousPeriod}),
          groupUniqArrayIf(${scope.person}, ${scope.current}), groupUniqArrayIf(${scope.person}, ${scope.previousPeriod}), toUInt8(0)
        FROM events AS e ${scope.joins}
        WHERE ${scope.where} AND ifNull(e.prop_session_id, '') = ''
      )
      GROUP BY in_session, ${attributes.join(", ")}
    )
    GROUP BY value`;
}

const ORDER_COLUMNS = { Visitors: "visitors_cur", Views: "views_cur", BounceRate: "bounce_cur" } as const;

export interface WebStatsTable {
  columns: string[];
  results: unknown[][];
  hasMore: boolean;
  limit: number;
  offset: number;
}

interface TableRow {
  value: string | null;
  visitors_cur: number;
  visitors_prev: number;
  views_cur: number;
  views_prev: number;
  bounce_cur?: number | null;
  bounce_prev?: number | null;
}

/**
 * PostHog's WebStatsTableQuery: per value of the breakdown, unique visitors and pageviews (with the previous
 * period's beside them, `[current, previous]`), and for entry pages the bounce rate of the sessions that start
 * there; values with pageviews in the range only, the most visitors first by default.
 */
export async function runWebStatsTable(project: WebProject, query: TWebStatsTableQuery, now = new Date()): Promise<WebStatsTable> {
  const scope = await webScope(project, query, now);
  const source = BREAKDOWNS[query.breakdownBy];
  const bounce = "bounce" in source && Boolean(source.bounce) && query.includeBounceRate !== false;
  const limit = query.limit ?? WEB_TABLE_LIMIT_DEFAULT;
  const [field, direction] = query.orderBy ?? ["Visitors", "DESC"];
  const orderColumn = field === "BounceRate" && !bounce ? "visitors_cur" : ORDER_COLUMNS[field];
  const sql = `${"pageview" in source ? pageviewRowsSql(scope, source.pageview(scope)) : sessionRowsSql(scope, source, bounce)}
    HAVING views_cur > 0
    ORDER BY ${orderColumn} ${direction} NULLS LAST, views_cur DESC, value ASC
    LIMIT {limit:Int64}`;
  scope.params.values.limit = limit + 1;
  const store = await getAnalysisStore(project.id);
  const rows = await store.query<TableRow>(sql, scope.params.values);
  const compare = scope.previous !== null;
  const pair = (cur: unknown, prev: unknown) => [cur === null ? null : Number(cur), compare && prev !== null ? Number(prev) : null];
  return {
    columns: [
      "context.columns.breakdown_value",
      "context.columns.visitors",
      "context.columns.views",
      ...(bounce ? ["context.columns.bounce_rate"] : []),
    ],
    results: rows
      .slice(0, limit)
      .map((r) => [
        r.value,
        pair(r.visitors_cur, r.visitors_prev),
        pair(r.views_cur, r.views_prev),
        ...(bounce ? [pair(r.bounce_cur ?? null, r.bounce_prev ?? null)] : []),
      ]),
    hasMore: rows.length > limit,
    limit,
    offset: 0,
  };
}

import { getAnalysisStore } from "@/lib/analytics/store";
import { channelTypeSql } from "./channels";
import { WEB_TABLE_LIMIT_DEFAULT, type TWebStatsTableQuery, type WebBreakdown } from "./schemas";
import { SESSION_BOUNCE_SQL, sessionsCte, webScope, type WebScope, type WebProject } from "./scope";

/** A JSON property of the event as Nullable(String): NULL when missing (ClickHouse's argMin then skips it). */
const prop = (key: string, column = "properties") => `JSONExtract(${column}, '${key}', 'Nullable(String)')`;

/** Where a breakdown's value comes from: the pageview itself, or its session's first (or last) events. */
interface BreakdownSource {
  /** Session attributes it reads (name → aggregate over the session's events). */
  session?: Record<string, string>;
  /** The value over `e` and the session `s` (its columns are NULL-safe through `s.found`). */
  value: (scope: WebScope) => string;
  bounce?: boolean;
}

const sessionValue = (column: string) => `if(s.found = 1, s.${column}, NULL)`;
const firstOf = (expr: string) => `argMin(${expr}, timestamp)`;
const UTM: Record<string, string> = {
  utm_source: firstOf(prop("utm_source")),
  utm_medium: firstOf(prop("utm_medium")),
  utm_campaign: firstOf(prop("utm_campaign")),
};

const BREAKDOWNS: Record<WebBreakdown, BreakdownSource> = {
  Page: { value: (scope) => scope.cleanPath("e.prop_pathname") },
  InitialPage: {
    session: { entry_path: "argMinIf(prop_pathname, timestamp, event = '$pageview')", bounce: SESSION_BOUNCE_SQL },
    value: (scope) => scope.cleanPath(sessionValue("entry_path")),
    bounce: true,
  },
  ExitPage: {
    session: { exit_path: "argMaxIf(prop_pathname, timestamp, event = '$pageview')" },
    value: (scope) => scope.cleanPath(sessionValue("exit_path")),
  },
  InitialReferringDomain: {
    session: { referring_domain: firstOf("prop_referring_domain") },
    value: () => sessionValue("referring_domain"),
  },
  InitialChannelType: {
    session: {
      ...UTM,
      referring_domain: firstOf("prop_referring_domain"),
      gclid: firstOf(prop("gclid")),
      gad_source: firstOf(prop("gad_source")),
      fbclid: firstOf(prop("fbclid")),
    },
    value: () =>
      `if(s.found = 1, ${channelTypeSql({
        referringDomain: "s.referring_domain",
        source: "s.utm_source",
        medium: "s.utm_medium",
        campaign: "s.utm_campaign",
        gclid: "s.gclid",
        gadSource: "s.gad_source",
        fbclid: "s.fbclid",
      })}, NULL)`,
  },
  InitialUTMSource: { session: { utm_source: UTM.utm_source }, value: () => sessionValue("utm_source") },
  InitialUTMMedium: { session: { utm_medium: UTM.utm_medium }, value: () => sessionValue("utm_medium") },
  InitialUTMCampaign: { session: { utm_campaign: UTM.utm_campaign }, value: () => sessionValue("utm_campaign") },
  DeviceType: { value: () => "e.prop_device_type" },
  Browser: { value: () => "e.prop_browser" },
  OS: { value: () => "e.prop_os" },
  Country: { value: () => prop("$geoip_country_code", "e.properties") },
  Viewport: {
    value: () =>
      `if(JSONHas(e.properties, '$viewport_width') AND JSONHas(e.properties, '$viewport_height'), concat(toString(JSONExtractInt(e.properties, '$viewport_width')), 'x', toString(JSONExtractInt(e.properties, '$viewport_height'))), NULL)`,
  },
};

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
  const bounce = Boolean(source.bounce) && query.includeBounceRate !== false;
  const limit = query.limit ?? WEB_TABLE_LIMIT_DEFAULT;
  const [field, direction] = query.orderBy ?? ["Visitors", "DESC"];
  const orderColumn = field === "BounceRate" && !bounce ? "visitors_cur" : ORDER_COLUMNS[field];
  const sessionBounce = (period: string) =>
    `if(uniqExactIf(e.prop_session_id, ${period} AND s.found = 1) = 0, NULL, uniqExactIf(e.prop_session_id, ${period} AND s.found = 1 AND s.bounce) / uniqExactIf(e.prop_session_id, ${period} AND s.found = 1))`;
  const sql = `${source.session ? `WITH ${sessionsCte(scope, source.session)}` : ""}
    SELECT ${source.value(scope)} AS value,
      uniqExactIf(${scope.person}, ${scope.current}) AS visitors_cur,
      uniqExactIf(${scope.person}, ${scope.previousPeriod}) AS visitors_prev,
      countIf(${scope.current}) AS views_cur,
      countIf(${scope.previousPeriod}) AS views_prev
      ${bounce ? `, ${sessionBounce(scope.current)} AS bounce_cur, ${sessionBounce(scope.previousPeriod)} AS bounce_prev` : ""}
    FROM events AS e ${scope.joins}
    ${source.session ? "LEFT JOIN sessions AS s ON s.sid = ifNull(e.prop_session_id, '')" : ""}
    WHERE ${scope.where}
    GROUP BY value
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

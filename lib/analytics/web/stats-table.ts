import { getAnalysisStore } from "@/lib/analytics/store";
import { channelTypeSql } from "./channels";
import { WEB_TABLE_LIMIT_DEFAULT, type TWebStatsTableQuery, type WebBreakdown } from "./schemas";
import { webScope, type WebScope, type WebProject } from "./scope";
import { type SessionAttributeName, sessionsSql } from "./sessions";

/**
 * Where a breakdown's value comes from: the pageview itself (`e`), or its session's attributes (`SESSION_ATTRIBUTES`),
 * which every pageview of the session shares.
 */
type BreakdownSource =
  | {
      /** The pageview's columns the value reads, by the names `value` gives them. */
      pageview: Record<string, string>;
      value: (scope: WebScope) => string;
    }
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
  Page: { pageview: { pv_pathname: "e.prop_pathname" }, value: (scope) => scope.cleanPath("pv_pathname") },
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
  DeviceType: { pageview: { pv_value: "e.prop_device_type" }, value: () => "pv_value" },
  Browser: { pageview: { pv_value: "e.prop_browser" }, value: () => "pv_value" },
  OS: { pageview: { pv_value: "e.prop_os" }, value: () => "pv_value" },
  Country: { pageview: { pv_value: "e.prop_geoip_country_code" }, value: () => "pv_value" },
  Viewport: {
    pageview: { pv_width: "e.prop_viewport_width", pv_height: "e.prop_viewport_height" },
    // Each size as JSONExtractInt reads a value: a number's integer part, a numeric string's, else 0. A size missing
    // or null: no viewport.
    value: () => {
      const pixels = (size: string) => `toString(ifNull(accurateCastOrNull(trunc(toFloat64OrZero(assumeNotNull(${size}))), 'Int64'), 0))`;
      return (
        "if(pv_width IS NOT NULL AND pv_height IS NOT NULL, concat(" + pixels("pv_width") + ", 'x', " + pixels("pv_height") + "), NULL)"
      );
    },
  },
};

/**
 * Per value of a breakdown of the pageview itself: its visitors and views in each period, first per distinct value of
 * the columns it reads, so the value's expression (path cleaning, screen sizes) runs once per distinct columns rather
 * than once per pageview. Visitors are counted with `uniq`, as PostHog's web analytics counts them: exact up to
 * 65,536 distinct persons, an adaptive-sampling estimate above, at a fraction of an exact set's cost.
 */
function pageviewRowsSql(scope: WebScope, source: Extract<BreakdownSource, { pageview: unknown }>): string {
  const columns = Object.keys(source.pageview);
  return `SELECT ${source.value(scope)} AS value,
      uniqMerge(persons_cur) AS visitors_cur, uniqMerge(persons_prev) AS visitors_prev,
      sum(n_cur) AS views_cur, sum(n_prev) AS views_prev
    FROM (
      SELECT ${columns.map((name) => `${source.pageview[name]} AS ${name}`).join(", ")},
        uniqStateIf(${scope.person}, ${scope.current}) AS persons_cur,
        uniqStateIf(${scope.person}, ${scope.previousPeriod}) AS persons_prev,
        countIf(${scope.current}) AS n_cur,
        countIf(${scope.previousPeriod}) AS n_prev
      FROM events AS e ${scope.joins}
      WHERE ${scope.where}
      GROUP BY ${columns.join(", ")}
    )
    GROUP BY value`;
}

/**
 * Per value of a session attribute: the sessions merged per distinct attribute (visitor sets as `uniq` states of
 * their pageviews' persons, counted in a period the session has a pageview in), so the value's expression (path
 * cleaning, the channel's regular expressions) runs once per attribute rather than once per session; and one row for
 * the pageviews without a session (their value is NULL).
 */
function sessionRowsSql(scope: WebScope, source: Extract<BreakdownSource, { session: unknown }>, bounce: boolean): string {
  const attributes = source.session;
  const sessions = sessionsSql(scope, { attributes: bounce ? [...attributes, "is_bounce"] : attributes, persons: true });
  const perPeriod = (sql: (p: "cur" | "prev") => string) => `${sql("cur")}, ${sql("prev")}`;
  const bounceRate = (p: string) => `if(sum(sessions_${p}) = 0, NULL, sum(bounces_${p}) / sum(sessions_${p})) AS bounce_${p}`;
  const bounces = (p: string) => (bounce ? `countIf(views_${p} > 0 AND is_bounce)` : "0");
  return `SELECT if(in_session, ${source.value(scope)}, NULL) AS value,
      ${perPeriod((p) => `uniqArrayMerge(persons_${p}) AS visitors_${p}`)}, ${perPeriod((p) => `sum(n_${p}) AS views_${p}`)}
      ${bounce ? `, ${perPeriod(bounceRate)}` : ""}
    FROM (
      SELECT 1 AS in_session, ${attributes.join(", ")},
        ${perPeriod((p) => `uniqArrayStateIf(pids_${p}, views_${p} > 0) AS persons_${p}, sum(views_${p}) AS n_${p}`)},
        ${perPeriod((p) => `countIf(views_${p} > 0) AS sessions_${p}, ${bounces(p)} AS bounces_${p}`)}
      FROM (${sessions})
      GROUP BY ${attributes.join(", ")}
      UNION ALL
      SELECT 0, ${attributes.map(() => "NULL").join(", ")},
        ${perPeriod((p) => `uniqArrayState(persons_${p}), sum(n_${p})`)}, ${perPeriod(() => "0, 0")}
      FROM (
        SELECT ${perPeriod((p) => `groupArrayIf(${scope.person}, ${p === "cur" ? scope.current : scope.previousPeriod}) AS persons_${p}`)},
          countIf(${scope.current}) AS n_cur, countIf(${scope.previousPeriod}) AS n_prev
        FROM events AS e ${scope.joins}
        WHERE ${scope.where} AND ifNull(e.prop_session_id, '') = ''
      )
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
  const sql = `${"pageview" in source ? pageviewRowsSql(scope, source) : sessionRowsSql(scope, source, bounce)}
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

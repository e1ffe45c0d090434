import { getAnalysisStore } from "@/lib/analytics/store";
import type { TWebOverviewQuery, WebOverviewItem } from "./schemas";
import { changePct, SESSION_BOUNCE_SQL, SESSION_DURATION_SQL, sessionsCte, webScope, type WebProject } from "./scope";

interface OverviewRow {
  visitors: [number, number];
  views: [number, number];
  sessions: [number, number];
  duration: [number | null, number | null];
  bounce: [number | null, number | null];
}

/**
 * PostHog's WebOverviewQuery: unique visitors (persons), pageviews, sessions, their average duration and bounce
 * rate, over the range's pageviews and, with `compareFilter.compare`, the previous period's. A session counts in
 * a period when one of its pageviews (matching the filters) is in it; pageviews without a session count as views
 * and visitors only.
 */
export async function runWebOverview(project: WebProject, query: TWebOverviewQuery, now = new Date()): Promise<WebOverviewItem[]> {
  const scope = await webScope(project, query, now);
  const sessions = sessionsCte(scope, { duration: SESSION_DURATION_SQL, bounce: SESSION_BOUNCE_SQL });
  const inPeriod = (views: string) => `v.sid != '' AND ${views} > 0`;
  const both = (sql: (period: "cur" | "prev") => string) => `tuple(${sql("cur")}, ${sql("prev")})`;
  const sql = `WITH ${sessions}
    SELECT
      ${both((p) => `uniqExactArray(v.pids_${p})`)} AS visitors,
      ${both((p) => `sum(v.views_${p})`)} AS views,
      ${both((p) => `countIf(${inPeriod(`v.views_${p}`)})`)} AS sessions,
      ${both((p) => `if(countIf(${inPeriod(`v.views_${p}`)} AND s.found = 1) = 0, NULL, avgIf(s.duration, ${inPeriod(`v.views_${p}`)} AND s.found = 1))`)} AS duration,
      ${both((p) => `if(countIf(${inPeriod(`v.views_${p}`)} AND s.found = 1) = 0, NULL, avgIf(s.bounce, ${inPeriod(`v.views_${p}`)} AND s.found = 1))`)} AS bounce
    FROM (
      SELECT ifNull(e.prop_session_id, '') AS sid,
        groupUniqArrayIf(${scope.person}, ${scope.current}) AS pids_cur,
        groupUniqArrayIf(${scope.person}, ${scope.previousPeriod}) AS pids_prev,
        countIf(${scope.current}) AS views_cur,
        countIf(${scope.previousPeriod}) AS views_prev
      FROM events AS e ${scope.joins}
      WHERE ${scope.where}
      GROUP BY sid
    ) AS v
    LEFT JOIN sessions AS s ON s.sid = v.sid`;
  const store = await getAnalysisStore(project.id);
  const [row] = await store.query<OverviewRow>(sql, scope.params.values);
  const compare = scope.previous !== null;
  const item = (
    key: WebOverviewItem["key"],
    kind: WebOverviewItem["kind"],
    [value, previous]: [number | null, number | null],
    scale = 1,
  ): WebOverviewItem => {
    const current = value === null ? null : Number(value) * scale;
    const before = compare && previous !== null ? Number(previous) * scale : null;
    return {
      key,
      kind,
      value: current,
      previous: before,
      changeFromPreviousPct: changePct(current, before),
      ...(key === "bounce rate" && { isIncreaseBad: true }),
    };
  };
  return [
    item("visitors", "unit", row.visitors),
    item("views", "unit", row.views),
    item("sessions", "unit", row.sessions),
    item("session duration", "duration_s", row.duration),
    item("bounce rate", "percentage", row.bounce, 100),
  ];
}

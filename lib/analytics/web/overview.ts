import { bucketDay, bucketSql } from "@/lib/analytics/filters";
import { getAnalysisStore } from "@/lib/analytics/store";
import type { TWebOverviewQuery, WebOverviewItem } from "./schemas";
import { changePct, webScope, type WebProject, type WebScope } from "./scope";
import { sessionsSql } from "./sessions";

interface OverviewRow {
  visitors: [number, number];
  views: [number, number];
  sessions: [number, number];
  duration: [number | null, number | null];
  bounce: [number | null, number | null];
  /** Per interval of the range (`bucketDay`): its sessions, and the bounces among them. */
  bucket_sessions: Record<string, number>;
  bucket_bounces: Record<string, number>;
}

/**
 * PostHog's WebOverviewQuery: unique visitors (persons), pageviews, sessions, their average duration and bounce
 * rate, over the range's pageviews and, with `compareFilter.compare`, the previous period's. A session counts in
 * a period when one of its pageviews (matching the filters) is in it; pageviews without a session count as views
 * and visitors only. Visitors and views come from the pageviews, the rest from one row per session. The bounce
 * rate's item also carries its `sparkline`: the rate per interval of the range (hour or day, as the chart's), a
 * session counting in each interval one of its pageviews is in, as it counts in a period; 0 with no session.
 */
export async function runWebOverview(project: WebProject, query: TWebOverviewQuery, now = new Date()): Promise<WebOverviewItem[]> {
  const scope = await webScope(project, query, now);
  const tz = scope.params.add(project.timezone || "UTC", "String");
  const sessions = sessionsSql(scope, {
    attributes: ["session_duration", "is_bounce"],
    bucket: (t) => bucketSql(t, scope.range.interval, tz),
  });
  const both = (sql: (period: "cur" | "prev") => string) => `tuple(${sql("cur")}, ${sql("prev")})`;
  const meanOf = (column: string, p: string) => `if(sum(n_${p}) = 0, NULL, sum(${column}_${p}) / sum(n_${p}))`;
  const perPeriod = (sql: (p: "cur" | "prev") => string) => `${sql("cur")}, ${sql("prev")}`;
  // The sessions are first merged per distinct list of intervals (a few dozen), so the per-interval counts add up a
  // few rows' arrays rather than every session's.
  const sql = `SELECT v.visitors AS visitors, v.views AS views, s.sessions AS sessions, s.duration AS duration, s.bounce AS bounce
      , s.bucket_sessions AS bucket_sessions, s.bucket_bounces AS bucket_bounces
    FROM (
      SELECT tuple(uniqIf(${scope.person}, ${scope.current}), uniqIf(${scope.person}, ${scope.previousPeriod})) AS visitors,
        tuple(countIf(${scope.current}), countIf(${scope.previousPeriod})) AS views
      FROM events AS e ${scope.joins}
      WHERE ${scope.where}
    ) AS v
    CROSS JOIN (
      SELECT ${both((p) => `sum(n_${p})`)} AS sessions,
        ${both((p) => meanOf("duration", p))} AS duration,
        ${both((p) => meanOf("bounces", p))} AS bounce,
        CAST(sumMap(buckets, arrayMap(b -> n, buckets)), 'Map(String, UInt64)') AS bucket_sessions,
        CAST(sumMap(buckets, arrayMap(b -> n_bounces, buckets)), 'Map(String, UInt64)') AS bucket_bounces
      FROM (
        SELECT buckets, count() AS n, countIf(is_bounce) AS n_bounces,
          ${perPeriod((p) => `countIf(views_${p} > 0) AS n_${p}, sumIf(session_duration, views_${p} > 0) AS duration_${p}, countIf(views_${p} > 0 AND is_bounce) AS bounces_${p}`)}
        FROM (${sessions})
        GROUP BY buckets
      )
    ) AS s`;
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
    { ...item("bounce rate", "percentage", row.bounce, 100), sparkline: bounceSparkline(scope.range, row) },
  ];
}

function bounceSparkline(range: WebScope["range"], row: OverviewRow): number[] {
  return range.buckets.map((wall) => {
    const day = bucketDay(wall, range.interval);
    const sessions = Number(row.bucket_sessions[day] ?? 0);
    return sessions ? (100 * Number(row.bucket_bounces[day] ?? 0)) / sessions : 0;
  });
}

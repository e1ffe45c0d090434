import type { Actor } from "@/lib/auth/actor";
import { getAnalysisStore } from "@/lib/analytics/store";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { TOP_EVENTS_LIMIT, type TEventSummary } from "./schemas";
import { isoFromMicros } from "./service";

interface SummaryRow {
  event: string;
  events_30d: string;
  total_24h: string;
  total_30d: string;
  last_us: string;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * What a project holds, for its home page: one pass over the last 30 days (the sort key starts with project and
 * day, so older parts are skipped), grouped by event name, with the totals as window sums over the groups.
 * Only a project with no event in 30 days is read further back, for its newest event's time.
 */
export async function eventSummary(actor: Actor, projectId: TProjectId, now = new Date()): Promise<TEventSummary> {
  const { project } = await requireProjectAccess(actor, projectId);
  const store = await getAnalysisStore(project.id);
  const params = {
    team: project.id,
    since_30d: new Date(now.getTime() - 30 * DAY_MS),
    since_24h: new Date(now.getTime() - DAY_MS),
    top: TOP_EVENTS_LIMIT,
  };
  const rows = await store.query<SummaryRow>(
    `SELECT event, count() AS events_30d,
       sum(countIf(timestamp >= {since_24h:DateTime64(3, 'UTC')})) OVER () AS total_24h,
       sum(count()) OVER () AS total_30d,
       toUnixTimestamp64Micro(max(max(timestamp)) OVER ()) AS last_us
     FROM events
     WHERE team_id = {team:Int64} AND timestamp >= {since_30d:DateTime64(3, 'UTC')}
     GROUP BY event ORDER BY events_30d DESC, event LIMIT {top:UInt32}`,
    params,
  );
  const [first] = rows;
  if (first)
    return {
      events_last_24_hours: Number(first.total_24h),
      events_last_30_days: Number(first.total_30d),
      last_event_at: isoFromMicros(first.last_us),
      top_events: rows.map((row) => ({ event: row.event, count: Number(row.events_30d) })),
    };
  const [older] = await store.query<{ last_us: string }>(
    `SELECT toUnixTimestamp64Micro(timestamp) AS last_us FROM events WHERE team_id = {team:Int64}
     ORDER BY timestamp DESC LIMIT 1`,
    params,
  );
  return { events_last_24_hours: 0, events_last_30_days: 0, last_event_at: older ? isoFromMicros(older.last_us) : null, top_events: [] };
}

import { SqlParams } from "@/lib/analytics/filters";
import type { TrendProject } from "@/lib/analytics/trends/run";
import { resolveStickiness } from "@/lib/analytics/stickiness/run";
import { personIntervalsSql } from "@/lib/analytics/stickiness/sql";
import { pagedPersonIds } from "./persons";
import { urlSeries } from "./trends";

/**
 * The persons behind a stickiness point (its `persons_urls`): those who did the series' event in exactly
 * `stickiness_days` intervals of the range, as the stickiness SQL counts them. Ordered by person id.
 */
export async function stickinessActorIds(
  project: TrendProject,
  raw: Record<string, unknown>,
  intervals: number,
  paging: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const { series, range, ctx } = await resolveStickiness(project, raw);
  const chosen = urlSeries(series, raw);
  const params = new SqlParams();
  const persons = `SELECT toString(person_id) AS person FROM (${personIntervalsSql(ctx, chosen, range, params)}) WHERE intervals = ${params.add(intervals, "UInt64")}`;
  return pagedPersonIds(project.id, persons, params, paging);
}

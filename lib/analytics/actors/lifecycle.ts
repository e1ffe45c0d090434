import { validationError } from "@/lib/api/errors";
import type { TrendProject } from "@/lib/analytics/trends/run";
import { SqlParams } from "@/lib/analytics/filters";
import { resolveLifecycle } from "@/lib/analytics/lifecycle/run";
import { lifecyclePeriods, personStatusesSql } from "@/lib/analytics/lifecycle/sql";
import type { LifecycleStatus } from "@/lib/analytics/lifecycle/statuses";
import { pagedPersonIds } from "./persons";
import { urlSeries } from "./trends";

/**
 * The persons behind a lifecycle point (its `persons_urls`): those of status `status` in the bucket whose day is
 * `targetDate`, as the lifecycle SQL finds them. Ordered by person id.
 */
export async function lifecycleActorIds(
  project: TrendProject,
  raw: Record<string, unknown>,
  targetDate: string,
  status: LifecycleStatus,
  paging: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const { series, range, ctx } = await resolveLifecycle(project, raw);
  const chosen = urlSeries(series, raw);
  // The range's buckets are periods 2 … n + 1 (period 1 is the one before).
  const period = lifecyclePeriods(range).days.indexOf(targetDate.replace("T", " ")) + 1;
  if (period < 2)
    throw validationError(`target_date ${JSON.stringify(targetDate)} is not a ${range.interval} of the range.`, "target_date");
  const params = new SqlParams();
  const statuses = personStatusesSql(ctx, chosen, range, params);
  const persons = `SELECT toString(person_id) AS person FROM (${statuses}) WHERE period = ${params.add(period, "UInt64")} AND status = ${params.add(status, "String")}`;
  return pagedPersonIds(project.id, persons, params, paging);
}

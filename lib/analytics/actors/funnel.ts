import { validationError } from "@/lib/api/errors";
import { normalizeFunnel } from "@/lib/analytics/funnels/normalize";
import type { PropertyFilter, SqlParams } from "@/lib/analytics/filters";
import { buildFunnelSql } from "@/lib/analytics/funnels/sql";
import type { TFunnelFilter } from "@/lib/analytics/funnels/schemas";
import { getAnalysisStore } from "@/lib/analytics/store";

/** The breakdown value of a step's people URL; '' is a value (the persons without the property), as PostHog's. */
export function funnelBreakdownOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") return String(value);
  // A list breakdown's value arrives JSON-encoded (`["Chrome"]`).
  try {
    const parsed = JSON.parse(value);
    if (Array.isArray(parsed) && parsed.length === 1) return String(parsed[0]);
  } catch {
    /* a plain value */
  }
  return value;
}

export interface FunnelActorsQuery {
  /** k > 0: persons who reached step k (1-based); k < 0: persons who reached step |k|−1 but not step |k|. */
  funnelStep: number;
  breakdownValue?: string;
  limit: number;
  offset: number;
}

/**
 * The person ids behind a funnel step count: the funnel's own SQL (funnels/sql.ts) with the persons of the
 * requested step read from its per-person `final` table instead of the step counts. Ordered by person id.
 */
export async function funnelActorIds(
  project: { id: number; timezone?: string | null; testAccountFilters: PropertyFilter[] },
  filter: TFunnelFilter,
  q: FunnelActorsQuery,
  now = new Date(),
): Promise<{ ids: string[]; total: number }> {
  const f = await normalizeFunnel(project, { ...filter, funnel_viz_type: "steps" }, now);
  const n = f.steps.length;
  if (n === 0) return { ids: [], total: 0 };
  const k = q.funnelStep;
  if (!Number.isInteger(k) || k === 0 || Math.abs(k) > n || k === -1)
    throw validationError(`funnel_step must be 1..${n} or -2..-${n}.`, "funnel_step");
  const chosen = (params: SqlParams) => {
    const where = [k > 0 ? `furthest >= ${k}` : `furthest = ${-k - 1}`];
    if (q.breakdownValue !== undefined) where.push(`breakdown_value = ${params.add(q.breakdownValue, "String")}`);
    return `, chosen AS (SELECT DISTINCT toString(person) AS person FROM final WHERE ${where.join(" AND ")})`;
  };
  const page = buildFunnelSql(
    f,
    (params) => `${chosen(params)}
SELECT person, (SELECT count() FROM chosen) AS total FROM chosen ORDER BY person
LIMIT ${params.add(q.limit, "UInt64")} OFFSET ${params.add(q.offset, "UInt64")}`,
  );
  const store = await getAnalysisStore(project.id);
  const rows = await store.query<{ person: string; total: string | number }>(page.sql, page.params);
  let total = rows.length ? Number(rows[0].total) : 0;
  // A page past the end has no row to carry the total.
  if (!rows.length && q.offset > 0) {
    const counted = buildFunnelSql(f, (params) => `${chosen(params)}\nSELECT count() AS total FROM chosen`);
    const [c] = await store.query<{ total: string }>(counted.sql, counted.params);
    total = Number(c?.total ?? 0);
  }
  return { ids: rows.map((r) => r.person), total };
}

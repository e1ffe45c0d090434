import { and, asc, eq, gte } from "drizzle-orm";
import { validationError } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { pluginConfigMetrics } from "@/lib/db/schema";
import type { TProjectId } from "@/lib/projects/schemas";
import { projectConfig } from "../configs";
import type { TPluginMetrics, TPluginMetricsQuery } from "./schemas";
import { METRICS_RETENTION_DAYS, writeDeferredCounts } from "./tally";

const HOUR_MS = 3_600_000;

/** The first hour asked for, within the retention. */
function firstHour(after: string, now: number): number {
  const relative = /^-(\d+)([hd])$/.exec(after);
  const from = relative ? now - Number(relative[1]) * (relative[2] === "d" ? 24 : 1) * HOUR_MS : Date.parse(after);
  if (Number.isNaN(from)) throw validationError("Use -24h, -7d or a date.", "after", "invalid");
  const bounded = Math.max(from, now - METRICS_RETENTION_DAYS * 24 * HOUR_MS);
  return Math.floor(Math.min(bounded, now) / HOUR_MS) * HOUR_MS;
}

/** One set-up's counts per hour since `after`, every hour answered (zero when nothing happened). */
export async function pluginConfigMetricsOf(
  actor: Actor,
  projectId: TProjectId,
  configId: number,
  query: TPluginMetricsQuery,
  now = Date.now(),
): Promise<TPluginMetrics> {
  const { config } = await projectConfig(actor, projectId, configId);
  await writeDeferredCounts();
  const from = firstHour(query.after, now);
  const t = pluginConfigMetrics;
  const rows = await (await getDb())
    .select()
    .from(t)
    .where(and(eq(t.configId, config.id), gte(t.hour, new Date(from))))
    .orderBy(asc(t.hour));
  const byHour = new Map(rows.map((row) => [row.hour.getTime(), row]));
  const metrics: TPluginMetrics["metrics"] = {
    dates: [],
    successes: [],
    failures: [],
    filtered: [],
    totals: { successes: 0, failures: 0, filtered: 0 },
  };
  for (let hour = from; hour <= now; hour += HOUR_MS) {
    const row = byHour.get(hour);
    metrics.dates.push(new Date(hour).toISOString());
    metrics.successes.push(row?.succeeded ?? 0);
    metrics.failures.push(row?.failed ?? 0);
    metrics.filtered.push(row?.filtered ?? 0);
  }
  for (const row of rows) {
    metrics.totals.successes += row.succeeded;
    metrics.totals.failures += row.failed;
    metrics.totals.filtered += row.filtered;
  }
  return { metrics };
}

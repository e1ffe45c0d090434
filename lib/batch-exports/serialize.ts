/** Batch exports and their runs as the API answers them. */

import { desc, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { batchExportRuns, type BatchExport, type BatchExportRun } from "@/lib/db/schema";
import { publicConfig } from "./rules";
import type { TBatchExport, TBatchExportRun } from "./schemas";

/** How many runs an export shows in `latest_runs`. */
const LATEST_RUNS = 10;

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function serializeRun(run: BatchExportRun): TBatchExportRun {
  return {
    id: run.id,
    status: run.status as TBatchExportRun["status"],
    records_completed: run.recordsCompleted,
    records_total_count: run.recordsTotalCount,
    latest_error: run.latestError,
    data_interval_start: iso(run.dataIntervalStart),
    data_interval_end: run.dataIntervalEnd.toISOString(),
    cursor: run.cursor,
    created_at: run.createdAt.toISOString(),
    finished_at: iso(run.finishedAt),
    last_updated_at: run.lastUpdatedAt.toISOString(),
    batch_export: run.batchExportId,
    backfill: run.backfillId,
  };
}

export function serializeExport(batchExport: BatchExport, latestRuns: BatchExportRun[]): TBatchExport {
  return {
    id: batchExport.id,
    team_id: batchExport.projectId,
    name: batchExport.name,
    model: batchExport.model as TBatchExport["model"],
    destination: {
      type: batchExport.destinationType as TBatchExport["destination"]["type"],
      config: publicConfig(batchExport.destinationType, batchExport.destinationConfig),
    },
    interval: batchExport.interval as TBatchExport["interval"],
    paused: batchExport.paused,
    created_at: batchExport.createdAt.toISOString(),
    last_updated_at: batchExport.lastUpdatedAt.toISOString(),
    last_paused_at: iso(batchExport.lastPausedAt),
    start_at: iso(batchExport.startAt),
    end_at: iso(batchExport.endAt),
    latest_runs: latestRuns.map(serializeRun),
    hogql_query: batchExport.hogqlQuery,
    schema: batchExport.schema,
  };
}

export const newestRunsFirst = [desc(batchExportRuns.createdAt), desc(batchExportRuns.dataIntervalEnd), desc(batchExportRuns.id)];

/** Each export's LATEST_RUNS newest runs, in one query for a whole page of exports. */
export async function latestRunsOf(batchExportIds: string[]): Promise<Map<string, BatchExportRun[]>> {
  const byExport = new Map<string, BatchExportRun[]>(batchExportIds.map((id) => [id, []]));
  if (!batchExportIds.length) return byExport;
  const db = await getDb();
  const ranked = db
    .select({
      id: batchExportRuns.id,
      rank: sql<number>`row_number() over (partition by ${batchExportRuns.batchExportId} order by ${batchExportRuns.createdAt} desc, ${batchExportRuns.dataIntervalEnd} desc, ${batchExportRuns.id} desc)`.as(
        "rank",
      ),
    })
    .from(batchExportRuns)
    .where(inArray(batchExportRuns.batchExportId, batchExportIds))
    .as("ranked");
  const rows = await db
    .select({ run: batchExportRuns })
    .from(batchExportRuns)
    .innerJoin(ranked, eq(ranked.id, batchExportRuns.id))
    .where(lte(ranked.rank, LATEST_RUNS))
    .orderBy(...newestRunsFirst);
  for (const { run } of rows) byExport.get(run.batchExportId)!.push(run);
  return byExport;
}

export async function withLatestRuns(batchExport: BatchExport): Promise<TBatchExport> {
  const runs = await latestRunsOf([batchExport.id]);
  return serializeExport(batchExport, runs.get(batchExport.id)!);
}

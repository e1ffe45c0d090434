import { and, asc, count, desc, eq, gt, ilike, inArray, lt, lte, min, sql, type SQL } from "drizzle-orm";
import { notFound, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { config } from "@/lib/config";
import { getDb, type Tx } from "@/lib/db/client";
import { containsPattern } from "@/lib/db/like";
import {
  batchExportBackfills,
  batchExportLogEntries,
  batchExportRuns,
  batchExports,
  persons,
  projects,
  type BatchExport,
  type BatchExportRun,
  type Project,
} from "@/lib/db/schema";
import { getEventStore } from "@/lib/events/store";
import { requireOrganizationMember } from "@/lib/organizations/access";
import { batchExportSchemaFromHogQL } from "@/lib/hogql/batch-export";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { appendLog } from "./log";
import { cancelRunJobs, runQueue } from "./queue";
import {
  backfillIntervals,
  backfillRangeProblem,
  backfillWorkflowId,
  canCancelRun,
  intervalMs,
  intervalStartOf,
  modelProblem,
  parseBackfillDatetime,
  parseLogLevels,
  publicConfig,
  updatedDestination,
  validateDestination,
  type DataInterval,
} from "./rules";
import {
  dateOfInput,
  type BatchExportInterval,
  type BatchExportModel,
  type TBatchExport,
  type TBatchExportBackfill,
  type TBatchExportCreate,
  type TBatchExportLogEntry,
  type TBatchExportLogsQuery,
  type TBatchExportRun,
  type TBatchExportUpdate,
} from "./schemas";

/** How many runs an export shows in `latest_runs`. */
const LATEST_RUNS = 10;

/** Which route an export is reached through: an organization's (all its projects) or one project's. */
export type BatchExportsOwner = { organizationId: string } | { projectId: TProjectId };

/** What the caller reaches through the route: the exports of an organization, or of one of its projects. */
interface Reach {
  organizationId: string;
  project: Project | null;
}

/**
 * Any member of the organization reads and writes its exports, as PostHog's BatchExportViewSet lets any project
 * member (ProjectMembershipNecessaryPermissions + TeamMemberAccessPermission). Not a member: 403 before lookup.
 */
async function reach(actor: Actor, owner: BatchExportsOwner): Promise<Reach> {
  if ("projectId" in owner) {
    const { project } = await requireProjectAccess(actor, owner.projectId);
    return { organizationId: project.organizationId, project };
  }
  const { organization } = await requireOrganizationMember(actor, owner.organizationId);
  return { organizationId: organization.id, project: null };
}

const reachable = (where: Reach): SQL =>
  where.project ? eq(batchExports.projectId, where.project.id) : eq(projects.organizationId, where.organizationId);

/** A live export reachable through the route; one of another organization or project is not found. */
async function findExport(where: Reach, batchExportId: string): Promise<BatchExport> {
  const db = await getDb();
  const [row] = await db
    .select({ batchExport: batchExports })
    .from(batchExports)
    .innerJoin(projects, eq(projects.id, batchExports.projectId))
    .where(and(eq(batchExports.id, batchExportId), eq(batchExports.deleted, false), reachable(where)));
  if (!row) throw notFound();
  return row.batchExport;
}

// ---- serialization ----

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

function serializeExport(batchExport: BatchExport, latestRuns: BatchExportRun[]): TBatchExport {
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

const newestRunsFirst = [desc(batchExportRuns.createdAt), desc(batchExportRuns.dataIntervalEnd), desc(batchExportRuns.id)];

/** Each export's LATEST_RUNS newest runs, in one query for a whole page of exports. */
async function latestRunsOf(batchExportIds: string[]): Promise<Map<string, BatchExportRun[]>> {
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

async function withLatestRuns(batchExport: BatchExport): Promise<TBatchExport> {
  const runs = await latestRunsOf([batchExport.id]);
  return serializeExport(batchExport, runs.get(batchExport.id)!);
}

// ---- exports ----

export async function listBatchExports(actor: Actor, owner: BatchExportsOwner, page: Page) {
  const where = await reach(actor, owner);
  const db = await getDb();
  const condition = and(eq(batchExports.deleted, false), reachable(where));
  const [{ total }] = await db
    .select({ total: count() })
    .from(batchExports)
    .innerJoin(projects, eq(projects.id, batchExports.projectId))
    .where(condition);
  const rows = await db
    .select({ batchExport: batchExports })
    .from(batchExports)
    .innerJoin(projects, eq(projects.id, batchExports.projectId))
    .where(condition)
    .orderBy(desc(batchExports.createdAt), desc(batchExports.id))
    .limit(page.limit)
    .offset(page.offset);
  const runs = await latestRunsOf(rows.map((row) => row.batchExport.id));
  return { count: total, results: rows.map(({ batchExport }) => serializeExport(batchExport, runs.get(batchExport.id)!)) };
}

export async function getBatchExport(actor: Actor, owner: BatchExportsOwner, batchExportId: string): Promise<TBatchExport> {
  return withLatestRuns(await findExport(await reach(actor, owner), batchExportId));
}

const toDate = (text: string | null | undefined) => (text === undefined ? undefined : text === null ? null : dateOfInput(text));

/**
 * The project an export created through the organization route belongs to: `team_id` when given (one of the
 * organization's projects), else the caller's current project if it is in the organization, else its first.
 */
async function projectForCreate(actor: Actor, where: Reach, teamId: number | undefined): Promise<number> {
  if (where.project) return where.project.id;
  const db = await getDb();
  const candidates = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.organizationId, where.organizationId))
    .orderBy(asc(projects.id));
  const ids = candidates.map((project) => project.id);
  if (teamId !== undefined) {
    if (!ids.includes(teamId)) throw validationError(`Object with id=${teamId} does not exist.`, "team_id", "does_not_exist");
    return teamId;
  }
  const current = actor.user.currentProjectId;
  if (current !== null && ids.includes(current)) return current;
  if (!ids.length) throw validationError("The organization has no project to export.", "team_id", "required");
  return ids[0];
}

/** PostHog's `hogql_query` → `schema`: the query's columns compiled (its refusals are 400s); none means every column. */
function exportedColumns(hogqlQuery: string | null | undefined) {
  if (!hogqlQuery?.trim()) return { hogqlQuery: null, schema: null };
  const schema = batchExportSchemaFromHogQL(hogqlQuery);
  return { hogqlQuery: schema.hogql_query, schema: schema as unknown as Record<string, unknown> };
}

export async function createBatchExport(actor: Actor, owner: BatchExportsOwner, input: TBatchExportCreate): Promise<TBatchExport> {
  const where = await reach(actor, owner);
  const projectId = await projectForCreate(actor, where, input.team_id);
  const destination = validateDestination(input.destination.type, input.destination.config);
  const problem = modelProblem(input.model ?? "events", destination.type, input.hogql_query?.trim() || null);
  if (problem) throw problem;
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(batchExports)
      .values({
        projectId,
        name: input.name,
        model: input.model ?? "events",
        destinationType: destination.type,
        destinationConfig: destination.config,
        interval: input.interval,
        paused: input.paused ?? false,
        lastPausedAt: toDate(input.last_paused_at) ?? (input.paused ? new Date() : null),
        startAt: toDate(input.start_at),
        endAt: toDate(input.end_at),
        ...exportedColumns(input.hogql_query),
        createdById: actor.user.id,
      })
      .returning();
    await appendLog(tx, { batchExportId: row.id, level: "INFO", message: `Created by ${actor.user.email}.` });
    return row;
  });
  return serializeExport(created, []);
}

export async function updateBatchExport(
  actor: Actor,
  owner: BatchExportsOwner,
  batchExportId: string,
  input: TBatchExportUpdate,
): Promise<TBatchExport> {
  const where = await reach(actor, owner);
  const current = await findExport(where, batchExportId);
  // The sent config is merged into the stored one; a new target drops the stored secrets (see updatedDestination).
  const destination = input.destination
    ? updatedDestination({ type: current.destinationType, config: current.destinationConfig }, input.destination)
    : null;
  const problem = modelProblem(
    input.model ?? (current.model as BatchExportModel),
    destination?.type ?? current.destinationType,
    (input.hogql_query !== undefined ? input.hogql_query?.trim() : current.hogqlQuery) || null,
  );
  if (problem) throw problem;
  const pausing = input.paused === true && !current.paused;
  const changes = {
    name: input.name,
    model: input.model,
    destinationType: destination?.type,
    destinationConfig: destination?.config,
    interval: input.interval,
    paused: input.paused,
    lastPausedAt: toDate(input.last_paused_at) ?? (pausing ? new Date() : undefined),
    startAt: toDate(input.start_at),
    endAt: toDate(input.end_at),
    ...(input.hogql_query !== undefined ? exportedColumns(input.hogql_query) : {}),
  };
  const changed = Object.keys(input).filter((key) => key !== "destination" || destination);
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(batchExports)
      .set({ ...changes, lastUpdatedAt: new Date() })
      .where(and(eq(batchExports.id, current.id), eq(batchExports.deleted, false)))
      .returning();
    // Deleted meanwhile.
    if (!row) throw notFound();
    if (changed.length)
      await appendLog(tx, { batchExportId: row.id, level: "INFO", message: `Updated by ${actor.user.email}: ${changed.join(", ")}.` });
    return row;
  });
  return withLatestRuns(updated);
}

/** Soft delete (PostHog keeps the row); its pending runs and backfills are cancelled. */
export async function deleteBatchExport(actor: Actor, owner: BatchExportsOwner, batchExportId: string): Promise<void> {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  const db = await getDb();
  const cancelled = await db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(batchExports).set({ deleted: true, lastUpdatedAt: now }).where(eq(batchExports.id, batchExport.id));
    const runs = await cancelPendingRuns(tx, eq(batchExportRuns.batchExportId, batchExport.id), now);
    await tx
      .update(batchExportBackfills)
      .set({ status: "Cancelled", finishedAt: now, lastUpdatedAt: now })
      .where(and(eq(batchExportBackfills.batchExportId, batchExport.id), inArray(batchExportBackfills.status, ["Starting", "Running"])));
    await appendLog(tx, { batchExportId: batchExport.id, level: "INFO", message: `Deleted by ${actor.user.email}.` });
    return runs;
  });
  await cancelJobsOf(cancelled);
}

/** Runs not yet finished become Cancelled (a worker holding one stops at its next page); answers their jobs. */
function cancelPendingRuns(tx: Tx, condition: SQL, now: Date) {
  return tx
    .update(batchExportRuns)
    .set({ status: "Cancelled", finishedAt: now, lastUpdatedAt: now })
    .where(and(condition, inArray(batchExportRuns.status, ["Starting", "Running", "FailedRetryable"])))
    .returning({ id: batchExportRuns.id, jobId: batchExportRuns.jobId });
}

/** Cancels in pg-boss the queued jobs of runs just cancelled (after the cancel is committed). */
async function cancelJobsOf(runs: { jobId: string | null }[]) {
  const jobIds = runs.flatMap((run) => (run.jobId ? [run.jobId] : []));
  if (jobIds.length) await cancelRunJobs(await runQueue(await getDb(), config.batchExports), jobIds);
}

// ---- pause, unpause ----

export async function pauseBatchExport(actor: Actor, owner: BatchExportsOwner, batchExportId: string) {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  // Already paused: nothing changes, as in PostHog (the time of the pause stays the first one).
  if (batchExport.paused) return { paused: true };
  const db = await getDb();
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(batchExports).set({ paused: true, lastPausedAt: now, lastUpdatedAt: now }).where(eq(batchExports.id, batchExport.id));
    await appendLog(tx, { batchExportId: batchExport.id, level: "INFO", message: `Paused by ${actor.user.email}.` });
  });
  return { paused: true };
}

/**
 * Resumes the schedule; with `backfill`, the intervals missed while paused (from the one holding `last_paused_at`
 * to the last one ended) are backfilled.
 */
export async function unpauseBatchExport(actor: Actor, owner: BatchExportsOwner, batchExportId: string, backfill: boolean) {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(batchExports).set({ paused: false, lastUpdatedAt: now }).where(eq(batchExports.id, batchExport.id));
    await appendLog(tx, { batchExportId: batchExport.id, level: "INFO", message: `Unpaused by ${actor.user.email}.` });
    if (backfill && batchExport.paused && batchExport.lastPausedAt) {
      const interval = batchExport.interval as BatchExportInterval;
      const end = intervalStartOf(now, interval);
      const intervals = backfillIntervals(batchExport.lastPausedAt, end, interval);
      if (intervals.length) await insertBackfill(tx, actor, batchExport, batchExport.lastPausedAt, end, intervals);
    }
  });
  return { paused: false };
}

// ---- backfills ----

/** A backfill and its runs (one per interval, Starting): the workers' next poll queues their jobs. */
async function insertBackfill(
  tx: Tx,
  actor: Actor,
  batchExport: BatchExport,
  start: Date,
  end: Date | null,
  intervals: DataInterval[],
): Promise<string> {
  const [backfill] = await tx
    .insert(batchExportBackfills)
    .values({ batchExportId: batchExport.id, startAt: start, endAt: end })
    .returning({ id: batchExportBackfills.id });
  const rows = intervals.map((interval) => ({
    batchExportId: batchExport.id,
    backfillId: backfill.id,
    status: "Starting",
    dataIntervalStart: interval.start,
    dataIntervalEnd: interval.end,
  }));
  // In slices, to stay well under PostgreSQL's 65,535 bound parameters per statement.
  for (let i = 0; i < rows.length; i += 1_000) await tx.insert(batchExportRuns).values(rows.slice(i, i + 1_000));
  const workflowId = backfillWorkflowId(batchExport.id, start, end);
  await appendLog(tx, {
    batchExportId: batchExport.id,
    level: "INFO",
    message: `Backfill ${workflowId} requested by ${actor.user.email}: ${intervals.length} interval${intervals.length === 1 ? "" : "s"}.`,
  });
  return workflowId;
}

/** Where a backfill without `start_at` starts: the project's first event (or first person, for persons). */
async function earliestData(batchExport: BatchExport): Promise<Date | null> {
  if (batchExport.model === "persons") {
    const db = await getDb();
    const [row] = await db.select({ first: min(persons.createdAt) }).from(persons).where(eq(persons.projectId, batchExport.projectId));
    return row?.first ?? null;
  }
  const store = await getEventStore();
  const [row] = await store.query<{ first: string | null }>(
    `SELECT if(count() = 0, NULL, toUnixTimestamp64Milli(min(timestamp))) AS first FROM events WHERE team_id = {team:Int64}`,
    { team: batchExport.projectId },
  );
  return row?.first === null || row?.first === undefined ? null : new Date(Number(row.first));
}

export async function backfillBatchExport(
  actor: Actor,
  owner: BatchExportsOwner,
  batchExportId: string,
  input: TBatchExportBackfill,
): Promise<{ backfill_id: string }> {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  const interval = batchExport.interval as BatchExportInterval;
  const now = new Date();
  const requestedStart = input.start_at ? parseBackfillDatetime(input.start_at) : null;
  const end = input.end_at ? parseBackfillDatetime(input.end_at) : null;
  const start = requestedStart ?? (await earliestData(batchExport));
  if (!start) throw validationError("There is no data to backfill: give 'start_at'.", "start_at", "required");
  const problem = backfillRangeProblem(start, end, batchExport.destinationType, interval, now);
  if (problem) throw problem;
  // Open-ended: up to the last interval ended; the schedule takes over from there.
  const intervals = backfillIntervals(start, end ?? intervalStartOf(now, interval), interval);
  const db = await getDb();
  const backfillId = await db.transaction((tx) => insertBackfill(tx, actor, batchExport, start, end, intervals));
  return { backfill_id: backfillId };
}

// ---- runs ----

async function findRun(batchExport: BatchExport, runId: string): Promise<BatchExportRun> {
  const db = await getDb();
  const [run] = await db
    .select()
    .from(batchExportRuns)
    .where(and(eq(batchExportRuns.id, runId), eq(batchExportRuns.batchExportId, batchExport.id)));
  if (!run) throw notFound();
  return run;
}

export async function listRuns(
  actor: Actor,
  owner: BatchExportsOwner,
  batchExportId: string,
  status: string | undefined,
  page: Page,
) {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  const db = await getDb();
  const condition = and(
    eq(batchExportRuns.batchExportId, batchExport.id),
    status ? eq(batchExportRuns.status, status) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(batchExportRuns).where(condition);
  const rows = await db
    .select()
    .from(batchExportRuns)
    .where(condition)
    .orderBy(...newestRunsFirst)
    .limit(page.limit)
    .offset(page.offset);
  return { count: total, results: rows.map(serializeRun) };
}

export async function getRun(actor: Actor, owner: BatchExportsOwner, batchExportId: string, runId: string) {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  return serializeRun(await findRun(batchExport, runId));
}

/** Runs the run's interval again, as a new run of a one-interval backfill (PostHog's `retry`). */
export async function retryRun(actor: Actor, owner: BatchExportsOwner, batchExportId: string, runId: string) {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  const run = await findRun(batchExport, runId);
  const end = run.dataIntervalEnd;
  const start = run.dataIntervalStart ?? new Date(end.getTime() - intervalMs(batchExport.interval as BatchExportInterval));
  const db = await getDb();
  const backfillId = await db.transaction(async (tx) => {
    await appendLog(tx, { batchExportId: batchExport.id, runId: run.id, level: "INFO", message: `Retried by ${actor.user.email}.` });
    return insertBackfill(tx, actor, batchExport, start, end, [{ start, end }]);
  });
  return { backfill_id: backfillId };
}

export async function cancelRun(actor: Actor, owner: BatchExportsOwner, batchExportId: string, runId: string) {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  const run = await findRun(batchExport, runId);
  if (!canCancelRun(run.status)) throw validationError(`Cannot cancel a run that is already finished ('${run.status}').`);
  const db = await getDb();
  const cancelled = await db.transaction(async (tx) => {
    const runs = await cancelPendingRuns(tx, eq(batchExportRuns.id, run.id), new Date());
    // It finished between the read and the update.
    if (!runs.length) throw validationError("Cannot cancel a run that is already finished.");
    await appendLog(tx, { batchExportId: batchExport.id, runId: run.id, level: "INFO", message: `Cancelled by ${actor.user.email}.` });
    return runs;
  });
  await cancelJobsOf(cancelled);
  return { cancelled: true };
}

// ---- logs ----

export async function listLogs(
  actor: Actor,
  owner: BatchExportsOwner,
  batchExportId: string,
  query: TBatchExportLogsQuery,
): Promise<{ count: number; results: TBatchExportLogEntry[] }> {
  const batchExport = await findExport(await reach(actor, owner), batchExportId);
  const levels = parseLogLevels(query.level);
  if (levels?.length === 0) return { count: 0, results: [] };
  const condition = and(
    eq(batchExportLogEntries.batchExportId, batchExport.id),
    levels ? inArray(batchExportLogEntries.level, levels) : undefined,
    query.after ? gt(batchExportLogEntries.timestamp, toDate(query.after)!) : undefined,
    query.before ? lt(batchExportLogEntries.timestamp, toDate(query.before)!) : undefined,
    query.search ? ilike(batchExportLogEntries.message, containsPattern(query.search)) : undefined,
    query.instance_id ? eq(batchExportLogEntries.runId, query.instance_id) : undefined,
  );
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(batchExportLogEntries).where(condition);
  const rows = await db
    .select()
    .from(batchExportLogEntries)
    .where(condition)
    .orderBy(desc(batchExportLogEntries.timestamp), desc(batchExportLogEntries.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    count: total,
    results: rows.map((entry) => ({
      log_source_id: entry.batchExportId,
      instance_id: entry.runId,
      timestamp: entry.timestamp.toISOString(),
      level: entry.level as TBatchExportLogEntry["level"],
      message: entry.message,
    })),
  };
}

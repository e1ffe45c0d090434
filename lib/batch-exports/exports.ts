/** Batch exports themselves: list, read, create, update, soft delete. */

import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { notFound, validationError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { batchExportBackfills, batchExportRuns, batchExports, projects } from "@/lib/db/schema";
import { batchExportSchemaFromHogQL } from "@/lib/hogql/batch-export";
import { appendLog } from "./log";
import { modelProblem, updatedDestination, validateDestination } from "./rules";
import { dateOfInput, type BatchExportModel, type TBatchExport, type TBatchExportCreate, type TBatchExportUpdate } from "./schemas";

import { type BatchExportsOwner, reach, reachable, findExport, type Reach } from "./reach";
import { serializeExport, latestRunsOf, withLatestRuns } from "./serialize";
import { cancelPendingRuns, cancelJobsOf } from "./pausing";

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

export const toDate = (text: string | null | undefined) => (text === undefined ? undefined : text === null ? null : dateOfInput(text));

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

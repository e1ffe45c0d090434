import { getEventStore } from "@/lib/events/store/open";
import { queueDeliveries } from "@/lib/plugins/destinations/queue";
import { mirrorGroups } from "@/lib/groups/mirror";
import { refusesData } from "./data-errors";
import { mirrorPersons } from "./person-mirror";
import { type Prepared, prepare } from "./prepare";
import type { CapturedEvent, IngestionResult } from "./types";

export interface IngestionProject {
  id: number;
}

/** One flush takes whole requests up to this many events (a single larger request is flushed alone). */
export const MAX_FLUSH_EVENTS = 20_000;

/** A request being ingested, answered once each of its parts is flushed. */
interface Request {
  result: IngestionResult;
  /** Its parts not flushed yet: one, unless it was split to single out the events a database refuses. */
  unflushed: number;
  resolve: (result: IngestionResult) => void;
  reject: (error: unknown) => void;
}

/** A request's events, or a part of them, waiting to be flushed. */
interface Pending {
  projectId: number;
  events: CapturedEvent[];
  /** The index of `events[0]` among its request's events. */
  offset: number;
  request: Request;
  /** Set once its group failed: flushed on its own, so one request's bad event cannot fail the others. */
  alone?: boolean;
}

/** Why an event is refused when a database refuses it alone (the database's message is logged, not sent). */
export const REFUSED_REASON = "Event could not be stored: the database refused its data!";

interface Pipeline {
  queue: Pending[];
  draining: boolean;
  drained: Promise<void>;
  /** Stored events being queued for destinations (awaited by a graceful shutdown). */
  queuing: Set<Promise<void>>;
}

// One pipeline per process, on globalThis like the databases: every route bundle must share one queue.
const holder = globalThis as unknown as { __hedgerowIngestion?: Pipeline };
const pipeline: Pipeline = (holder.__hedgerowIngestion ??= {
  queue: [] as Pending[],
  draining: false,
  drained: Promise.resolve(),
  queuing: new Set(),
});

/**
 * Stores a request's events and updates the persons they concern; resolves once both are durable. Requests
 * arriving while a flush runs are queued and flushed together (group commit): one duplicate check, one
 * person transaction and one insert serve them all, and each is answered when that flush is done.
 */
export function ingest(project: IngestionProject, events: CapturedEvent[]): Promise<IngestionResult> {
  if (events.length === 0) return Promise.resolve({ stored: 0, duplicates: 0, refused: [] });
  return new Promise((resolve, reject) => {
    const request: Request = { result: { stored: 0, duplicates: 0, refused: [] }, unflushed: 1, resolve, reject };
    pipeline.queue.push({ projectId: project.id, events, offset: 0, request });
    if (!pipeline.draining) {
      pipeline.draining = true;
      pipeline.drained = drain();
    }
  });
}

/** Resolves once every request queued so far has been answered (for a graceful shutdown). */
export async function flushIngestion(): Promise<void> {
  while (pipeline.draining) await pipeline.drained;
  await Promise.allSettled(pipeline.queuing);
}

/**
 * Queues a written group's events for their projects' destinations, beside capture: requests are answered without
 * waiting on it. A failure is logged (the events are stored; their deliveries are lost).
 */
function queueForDestinations(prepared: Prepared) {
  if (!prepared.rows.length) return;
  const queuing = queueDeliveries(prepared.rows, prepared.states)
    .catch((error: unknown) => console.error(`[destinations] ${prepared.rows.length} events not queued for delivery:`, error))
    .finally(() => pipeline.queuing.delete(queuing));
  pipeline.queuing.add(queuing);
}

/**
 * Flushes groups until the queue is empty, in two overlapping stages: while one group's events are written to
 * the store (ClickHouse's threads), the next group is checked for duplicates and its persons are processed
 * (mostly this thread). A group is only written after the previous one's write succeeded: its duplicate check
 * counted on that group's events being stored (if that write failed, the group is prepared again).
 */
async function drain() {
  let writing: Promise<boolean> | null = null;
  let writingKeys: ReadonlySet<string> = new Set();
  for (;;) {
    if (pipeline.queue.length === 0) {
      if (!writing) break;
      await writing;
      writing = null;
      writingKeys = new Set();
      continue;
    }
    const group = takeGroup(pipeline.queue, MAX_FLUSH_EVENTS);
    let prepared: Prepared;
    try {
      prepared = await prepare(group, writingKeys);
    } catch (error) {
      fail(group, error);
      continue;
    }
    if (writing) {
      const previousWritten = await writing;
      writing = null;
      if (!previousWritten) {
        // Prepared against a write that failed: prepared again (its persons' changes are idempotent).
        writingKeys = new Set();
        pipeline.queue.unshift(...group);
        continue;
      }
    }
    writing = write(group, prepared);
    writingKeys = prepared.keys;
  }
  // Synchronously after the last look at the queue, so a request queued from now on starts a new drain.
  pipeline.draining = false;
}

/**
 * What follows a failed flush (first in the queue). Requests that failed together are tried again one by one, so
 * that one request's events cannot fail another's. A request failing alone because a database refused its data
 * (not because it is unavailable) is split in halves until each refused event is alone: that one is refused, the
 * others are stored. Any other failure fails the request (a 503: the client retries it, and finds what was stored
 * meanwhile as duplicates).
 */
function fail(group: Pending[], error: unknown) {
  if (group.length > 1) {
    // Said out loud: a store that refuses every group leaves capture one request a flush, several times slower.
    console.warn(`[ingestion] a flush of ${group.length} requests failed; they are flushed one by one:`, error);
    for (const part of group) part.alone = true;
    pipeline.queue.unshift(...group);
    return;
  }
  const [part] = group;
  if (!refusesData(error)) {
    console.error("[ingestion] flush failed:", error);
    part.request.reject(error);
    return;
  }
  if (part.events.length === 1) {
    console.warn(`[ingestion] event ${part.events[0].uuid} refused:`, error);
    flushed(part, { stored: 0, duplicates: 0, refused: [{ index: part.offset, reason: REFUSED_REASON }] });
    return;
  }
  const half = Math.ceil(part.events.length / 2);
  part.request.unflushed += 1;
  pipeline.queue.unshift(
    { ...part, events: part.events.slice(0, half), alone: true },
    { ...part, events: part.events.slice(half), offset: part.offset + half, alone: true },
  );
}

/** Adds a flushed part's outcome to its request, answered when it was the last part (a rejected one stays so). */
function flushed(part: Pending, outcome: IngestionResult) {
  const { request } = part;
  request.result.stored += outcome.stored;
  request.result.duplicates += outcome.duplicates;
  request.result.refused.push(...outcome.refused);
  request.unflushed -= 1;
  if (request.unflushed === 0) request.resolve(request.result);
}

/**
 * Removes and returns the queue's first requests holding at most `maxEvents` events (at least one request);
 * a request marked `alone` makes a group by itself.
 */
export function takeGroup<T extends { events: unknown[]; alone?: boolean }>(queue: T[], maxEvents: number): T[] {
  if (queue[0]?.alone) return queue.splice(0, 1);
  let taken = 0;
  let count = 0;
  while (count < queue.length && (count === 0 || (!queue[count].alone && taken + queue[count].events.length <= maxEvents))) {
    taken += queue[count].events.length;
    count += 1;
  }
  return queue.splice(0, count);
}

/** A group's second stage: persons mirrored, events stored, requests answered. Never throws: false on failure. */
async function write(group: Pending[], prepared: Prepared): Promise<boolean> {
  try {
    const store = await getEventStore();
    // Both at once: should only the events make it before a crash, the client's retry finds them duplicates,
    // and the persons of duplicates are mirrored again (this process's `mirrored` is empty after a restart).
    await Promise.all([
      mirrorPersons(store, prepared.states, prepared.deleted),
      mirrorGroups(store, prepared.groups),
      store.insert("events", prepared.rows),
    ]);
  } catch (error) {
    fail(group, error);
    return false;
  }
  queueForDestinations(prepared);
  group.forEach((part, i) => {
    flushed(part, { stored: prepared.stored[i], duplicates: prepared.duplicates[i], refused: [] });
  });
  return true;
}

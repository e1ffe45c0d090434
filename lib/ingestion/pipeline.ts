import { getDb, type Tx } from "@/lib/db/client";
import { newDefinitions, rememberDefinitions, saveDefinitions, type NewDefinitions } from "@/lib/definitions/recording";
import { elementsFromSdk, elementsToChain } from "@/lib/events/elements";
import { getEventStore, type EventStore } from "@/lib/events/store";
import { groupTypeIndexes, namesGroups, withGroupKeys } from "@/lib/groups/event-keys";
import { mirrorGroups } from "@/lib/groups/mirror";
import { processProjectPersons } from "@/lib/persons/batch";
import type { PersonsState } from "@/lib/persons/processing";
import type { GroupMirrorRow } from "@/lib/persons/repository";
import { refusesData } from "./data-errors";
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
  /** What this process has durably mirrored to ClickHouse (row key → version), so unchanged rows are skipped. */
  mirrored: Map<string, string>;
}

// One pipeline per process, on globalThis like the databases: every route bundle must share one queue.
const holder = globalThis as unknown as { __hedgerowIngestion?: Pipeline };
const pipeline: Pipeline = (holder.__hedgerowIngestion ??= {
  queue: [] as Pending[],
  draining: false,
  drained: Promise.resolve(),
  mirrored: new Map(),
});

/** Entries kept in `mirrored` before it is cleared (it only saves work: forgetting costs a re-mirrored row). */
const MIRRORED_CACHE_LIMIT = 1_000_000;

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
  while (
    count < queue.length &&
    (count === 0 || (!queue[count].alone && taken + queue[count].events.length <= maxEvents))
  ) {
    taken += queue[count].events.length;
    count += 1;
  }
  return queue.splice(0, count);
}

interface Candidate {
  request: number;
  projectId: number;
  event: CapturedEvent;
}

/**
 * The events of a group to store: the first of each (project, uuid) in the group that the store does not hold
 * yet, each with its request's index; the others are counted as duplicates of their request.
 */
export function firstOccurrences(
  group: readonly { projectId: number; events: readonly CapturedEvent[] }[],
  stored: ReadonlySet<string>,
): { fresh: Candidate[]; duplicates: number[] } {
  const seen = new Set<string>(stored);
  const fresh: Candidate[] = [];
  const duplicates = group.map(() => 0);
  group.forEach(({ projectId, events }, request) => {
    for (const event of events) {
      const key = eventKey(projectId, event.uuid);
      if (seen.has(key)) duplicates[request] += 1;
      else {
        seen.add(key);
        fresh.push({ request, projectId, event });
      }
    }
  });
  return { fresh, duplicates };
}

const eventKey = (projectId: number, uuid: string) => `${projectId}:${uuid.toLowerCase()}`;

interface Prepared {
  /** The events to write, each with its person id. */
  rows: Record<string, unknown>[];
  /** `project:uuid` of those events. */
  keys: Set<string>;
  stored: number[];
  duplicates: number[];
  states: Map<number, PersonsState>;
  deleted: { projectId: number; id: string; version: number }[];
  /** Groups the events changed, as ClickHouse mirrors them. */
  groups: GroupMirrorRow[];
}

/**
 * A group's first stage: the events neither stored nor being written (`writingKeys`), their persons processed
 * and committed in the metadata database with the definitions they add; the persons of all its events loaded
 * for the mirror.
 */
async function prepare(group: Pending[], writingKeys: ReadonlySet<string>): Promise<Prepared> {
  const store = await getEventStore();
  const known = await storedEvents(store, group);
  for (const key of writingKeys) known.add(key);
  const { fresh, duplicates } = firstOccurrences(group, known);

  // Per project: the fresh events, and every event (a duplicate's persons are loaded only to be mirrored again).
  const byProject = new Map<number, { fresh: Candidate[]; all: CapturedEvent[] }>();
  const projectEntry = (projectId: number) => {
    let entry = byProject.get(projectId);
    if (!entry) byProject.set(projectId, (entry = { fresh: [], all: [] }));
    return entry;
  };
  for (const request of group) {
    const { all } = projectEntry(request.projectId);
    for (const event of request.events) all.push(event);
  }
  for (const candidate of fresh) projectEntry(candidate.projectId).fresh.push(candidate);

  const personIdOf = new Map<Candidate, string>();
  const states = new Map<number, PersonsState>();
  const deleted: Prepared["deleted"] = [];
  const groups: GroupMirrorRow[] = [];
  const definitions: NewDefinitions[] = [];
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const projectId of [...byProject.keys()].sort((a, b) => a - b)) {
      const { fresh: candidates, all } = byProject.get(projectId)!;
      // Person processing runs in timestamp order (PostHog processes a distinct id's events as they happened).
      candidates.sort((a, b) => a.event.timestamp.getTime() - b.event.timestamp.getTime());
      const { state, personIds, changes, groups: written } = await processProjectPersons(
        tx,
        projectId,
        candidates.map((c) => c.event),
        all,
      );
      candidates.forEach((candidate, i) => {
        personIdOf.set(candidate, personIds[i]);
      });
      await addGroupKeys(tx, projectId, candidates);
      groups.push(...written);
      states.set(projectId, state);
      for (const [id, person] of changes.deleted) deleted.push({ projectId, id, version: person.version + 1 });
      // Event and property definitions: only names this process has not recorded yet are written.
      const found = newDefinitions(projectId, candidates.map((c) => c.event));
      await saveDefinitions(tx, found);
      definitions.push(found);
    }
  });
  for (const found of definitions) rememberDefinitions(found);

  const stored = group.map(() => 0);
  for (const candidate of fresh) stored[candidate.request] += 1;
  return {
    rows: fresh.map((candidate) => eventRow(candidate, personIdOf.get(candidate)!)),
    keys: new Set(fresh.map((candidate) => eventKey(candidate.projectId, candidate.event.uuid))),
    stored,
    duplicates,
    states,
    deleted,
    groups,
  };
}

/** The fresh events' `$group_<index>` keys (G1), from the project's type indexes once this batch's are added. */
async function addGroupKeys(tx: Tx, projectId: number, candidates: Candidate[]) {
  if (!candidates.some((candidate) => namesGroups(candidate.event.properties))) return;
  const indexes = await groupTypeIndexes(tx, projectId);
  for (const candidate of candidates)
    candidate.event = { ...candidate.event, properties: withGroupKeys(candidate.event.properties, indexes) };
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
  group.forEach((part, i) => {
    flushed(part, { stored: prepared.stored[i], duplicates: prepared.duplicates[i], refused: [] });
  });
  return true;
}

/**
 * `project:uuid` of the group's events the store already holds. The days around each event's (the sort key's
 * second column) keep the look-up to a few days' granules; a retry's timestamp is the original's, moved at most by
 * the retry's delay (clock-skew correction). A group's thousands of uuids pass nearly every granule's bloom filter,
 * so those days' uuids are all read: PREWHERE reads only them, and the other columns of the rare match (measured
 * in-process, 3,200 uuids against 5M events of the day: 120 → 72 ms of CPU a flush).
 */
async function storedEvents(store: EventStore, group: Pending[]): Promise<Set<string>> {
  const uuids = new Set<string>();
  const days = new Set<number>();
  for (const request of group)
    for (const event of request.events) {
      uuids.add(event.uuid.toLowerCase());
      days.add(Math.floor(event.timestamp.getTime() / DAY_MS));
    }
  const projects = [...new Set(group.map((request) => request.projectId))];
  // (An alias named `uuid` would shadow the column in WHERE.)
  const rows = await store.query<{ team_id: string; id: string }>(
    `SELECT team_id, toString(uuid) AS id FROM events
     PREWHERE uuid IN {uuids:Array(UUID)}
     WHERE team_id IN {projects:Array(Int64)} AND toDate(timestamp) IN {dates:Array(Date)}`,
    { projects, dates: retryDates(days), uuids: [...uuids] },
  );
  return new Set(rows.map((row) => eventKey(Number(row.team_id), row.id)));
}

const DAY_MS = 86_400_000;

/** The UTC dates (`YYYY-MM-DD`) of these days (since the epoch) and of the day before and after each. */
export function retryDates(days: Iterable<number>): string[] {
  const around = new Set<number>();
  for (const day of days) for (const offset of [-1, 0, 1]) around.add(day + offset);
  return [...around].sort((a, b) => a - b).map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10));
}

export function eventRow(candidate: { projectId: number; event: CapturedEvent }, personId: string) {
  const { event } = candidate;
  // posthog-js sends autocapture elements as `$elements_chain` (or, older or configured so, as an `$elements`
  // list); PostHog keeps them in their own column as the chain, and in neither property.
  const { $elements_chain: sentChain, $elements: sentElements, ...properties } = event.properties;
  const elementsChain =
    typeof sentChain === "string" && sentChain
      ? sentChain
      : Array.isArray(sentElements)
        ? elementsToChain(elementsFromSdk(sentElements))
        : "";
  return {
    uuid: event.uuid,
    event: event.event,
    // An object, which ClickHouse reads into the String column as its JSON text
    // (input_format_json_read_objects_as_strings): the row is serialized once, not twice.
    properties,
    timestamp: event.timestamp.toISOString(),
    team_id: candidate.projectId,
    distinct_id: event.distinctId,
    person_id: personId,
    elements_chain: elementsChain,
  };
}

/**
 * Writes the batch's persons and distinct ids to ClickHouse's `person` / `person_distinct_id2` (versioned rows,
 * analytics join them at query time, so a moved id re-attributes its past events). Rows this process already
 * mirrored at the same version are skipped; after a restart everything a retry touches is written again.
 */
export async function mirrorPersons(
  store: EventStore,
  states: Map<number, PersonsState>,
  deleted: { projectId: number; id: string; version: number }[],
) {
  const personRows: Record<string, unknown>[] = [];
  const distinctIdRows: Record<string, unknown>[] = [];
  const mirroredNow: [string, string][] = [];
  // The rows' write time: a persons batch export sends what changed in its interval by it.
  const insertedAt = new Date().toISOString();
  const add = (rows: Record<string, unknown>[], key: string, version: string, row: Record<string, unknown>) => {
    if (pipeline.mirrored.get(key) === version) return;
    rows.push(row);
    mirroredNow.push([key, version]);
  };
  for (const [projectId, state] of states) {
    for (const person of state.persons.values())
      add(personRows, `p:${person.id}`, String(person.version), {
        id: person.id,
        team_id: projectId,
        properties: JSON.stringify(person.properties),
        is_identified: person.isIdentified ? 1 : 0,
        created_at: person.createdAt.toISOString(),
        version: person.version,
        is_deleted: 0,
        _inserted_at: insertedAt,
      });
    for (const [distinctId, { personId, version }] of state.distinctIds)
      add(distinctIdRows, `d:${projectId}:${distinctId}`, `${personId}:${version}`, {
        team_id: projectId,
        distinct_id: distinctId,
        person_id: personId,
        version,
        is_deleted: 0,
        _inserted_at: insertedAt,
      });
  }
  for (const { projectId, id, version } of deleted)
    add(personRows, `p:${id}`, String(version), {
      id,
      team_id: projectId,
      properties: "{}",
      is_identified: 0,
      created_at: new Date(0).toISOString(),
      version,
      is_deleted: 1,
      _inserted_at: insertedAt,
    });
  await Promise.all([store.insert("person", personRows), store.insert("person_distinct_id2", distinctIdRows)]);
  if (pipeline.mirrored.size + mirroredNow.length > MIRRORED_CACHE_LIMIT) pipeline.mirrored.clear();
  for (const [key, version] of mirroredNow) pipeline.mirrored.set(key, version);
}

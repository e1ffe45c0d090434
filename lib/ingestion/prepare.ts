import { getDb, type Tx } from "@/lib/db/client";
import { newDefinitions, rememberDefinitions, saveDefinitions, type NewDefinitions } from "@/lib/definitions/recording";
import { getEventStore } from "@/lib/events/store/open";
import { groupTypeIndexes, namesGroups, withGroupKeys } from "@/lib/groups/event-keys";
import { processProjectPersons } from "@/lib/persons/batch";
import type { PersonsState } from "@/lib/persons/processing";
import type { GroupMirrorRow } from "@/lib/persons/repository";
import { type Candidate, eventKey, firstOccurrences, storedEvents } from "./dedup";
import { eventRow } from "./event-row";
import type { CapturedEvent } from "./types";

export interface Prepared {
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
export async function prepare(
  group: readonly { projectId: number; events: readonly CapturedEvent[] }[],
  writingKeys: ReadonlySet<string>,
): Promise<Prepared> {
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
      const {
        state,
        personIds,
        changes,
        groups: written,
      } = await processProjectPersons(
        tx,
        projectId,
        candidates.map((c) => c.event),
        all,
      );
      candidates.forEach((candidate, i) => {
        personIdOf.set(candidate, personIds[i]);
      });
      const groupTypes = await addGroupKeys(tx, projectId, candidates);
      groups.push(...written);
      states.set(projectId, state);
      for (const [id, person] of changes.deleted) deleted.push({ projectId, id, version: person.version + 1 });
      // Event, person and group property definitions: only names this process has not recorded yet are written.
      const found = newDefinitions(
        projectId,
        candidates.map((c) => c.event),
        new Date(),
        groupTypes,
      );
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

/**
 * The fresh events' `$group_<index>` keys (G1), from the project's type indexes once this batch's are added; the
 * indexes (type → index) when some event names a group or identifies one, for its group property definitions.
 */
async function addGroupKeys(tx: Tx, projectId: number, candidates: Candidate[]): Promise<ReadonlyMap<string, number> | undefined> {
  const identifies = candidates.some((candidate) => candidate.event.event === "$groupidentify");
  if (!identifies && !candidates.some((candidate) => namesGroups(candidate.event.properties))) return undefined;
  const indexes = await groupTypeIndexes(tx, projectId);
  for (const candidate of candidates)
    candidate.event = { ...candidate.event, properties: withGroupKeys(candidate.event.properties, indexes) };
  return indexes;
}

import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { personlessPersonId, processPersonEvents, type PersonChanges, type PersonEvent, type PersonsState } from "./processing";
import { loadPersonsState, lockProjectPersons, savePersonChanges } from "./repository";

/**
 * One project's person processing within `tx`, as capture and bulk imports both do it: the persons of `loadFor`'s
 * distinct ids loaded under the project's lock, `events` applied in order, the changes written. Returns the
 * state after the events, each event's person, the changes and the groups written (for ClickHouse). `options.newPersonId` names new persons (random
 * UUIDs by default); `options.beforeWrites` sees the state once processed and is awaited before the changes are
 * written: on PGlite a statement holds the JavaScript thread while it runs, so work meant to run alongside the
 * writes has to be under way by then (started there, left running).
 */
export async function processProjectPersons(
  tx: Tx,
  projectId: number,
  events: readonly PersonEvent[],
  loadFor: readonly PersonEvent[] = events,
  options: {
    newPersonId?: (distinctId: string) => string;
    beforeWrites?: (state: PersonsState, changes: PersonChanges) => Promise<void>;
  } = {},
) {
  await lockProjectPersons(tx, projectId);
  const state = await loadPersonsState(tx, projectId, loadFor);
  const processed = processPersonEvents(state, events, {
    newPersonId: options.newPersonId ?? (() => randomUUID()),
    personlessId: (distinctId) => personlessPersonId(projectId, distinctId),
  });
  await options.beforeWrites?.(state, processed.changes);
  const groups = await savePersonChanges(tx, projectId, state, processed.changes);
  return { state, ...processed, groups };
}

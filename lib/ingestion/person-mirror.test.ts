import { expect, test } from "vitest";
import type { EventStore } from "@/lib/events/store/open";
import type { PersonsState } from "@/lib/persons/processing";
import { mirrorPersons } from "./person-mirror";

/** A store that keeps what each table was sent. */
function recordingStore() {
  const inserted: Record<string, Record<string, unknown>[]> = { person: [], person_distinct_id2: [] };
  const store = {
    insert: async (table: string, rows: Record<string, unknown>[]) => void inserted[table].push(...rows),
  } as unknown as EventStore;
  return { store, inserted };
}

test("a person mirrored at its version is not written again; its next version is, once", async () => {
  const { store, inserted } = recordingStore();
  const person = {
    id: "8b7f8c3e-0000-4000-8000-000000000001",
    properties: { plan: "pro" },
    isIdentified: false,
    createdAt: new Date(0),
    version: 0,
  };
  const state: PersonsState = {
    persons: new Map([[person.id, person]]),
    distinctIds: new Map([["mirror-u", { personId: person.id, version: 0 }]]),
  };
  const states = new Map([[1, state]]);

  await mirrorPersons(store, states, []);
  await mirrorPersons(store, states, []);
  expect(inserted.person.map((row) => row.version)).toEqual([0]);
  expect(inserted.person_distinct_id2).toHaveLength(1);

  person.properties = { plan: "team" };
  person.version = 1;
  await mirrorPersons(store, states, []);
  await mirrorPersons(store, states, []);
  expect(inserted.person.map((row) => [row.version, row.properties])).toEqual([
    [0, '{"plan":"pro"}'],
    [1, '{"plan":"team"}'],
  ]);
  expect(inserted.person_distinct_id2).toHaveLength(1);
});

import { describe, expect, test } from "vitest";
import {
  applyPropertyUpdates,
  isIllegalMergeId,
  personlessPersonId,
  processPersonEvents,
  type PersonEvent,
  type PersonRecord,
  type PersonsState,
} from "./processing";

const at = (second: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, second));

function ev(event: string, distinctId: string, properties: Record<string, unknown> = {}, second = 0): PersonEvent {
  return { event, distinctId, properties, timestamp: at(second) };
}

/** A state holding `persons`, each with its distinct ids. */
function stateOf(...persons: (Partial<PersonRecord> & { id: string; distinctIds: string[] })[]): PersonsState {
  const state: PersonsState = { persons: new Map(), distinctIds: new Map() };
  for (const { distinctIds, ...person } of persons) {
    state.persons.set(person.id, { properties: {}, isIdentified: false, createdAt: at(0), version: 0, ...person });
    for (const distinctId of distinctIds) state.distinctIds.set(distinctId, { personId: person.id, version: 0 });
  }
  return state;
}

function run(state: PersonsState, events: PersonEvent[]) {
  let n = 0;
  return processPersonEvents(state, events, { newPersonId: () => `new-${++n}`, personlessId: (id) => `personless-${id}` });
}

const personOf = (state: PersonsState, distinctId: string) => state.persons.get(state.distinctIds.get(distinctId)!.personId)!;

describe("applyPropertyUpdates", () => {
  test("$set overwrites, $set_once only fills absent keys, $unset removes (in that order)", () => {
    expect(
      applyPropertyUpdates({ a: 1, b: 2, c: 3 }, { $set: { a: 10, d: 4 }, $set_once: { b: 20, e: 5 }, $unset: ["c", "missing"] }),
    ).toEqual({ a: 10, b: 2, d: 4, e: 5 });
  });

  test("$set beats $set_once of the same event; $unset given as an object removes its keys", () => {
    expect(applyPropertyUpdates({}, { $set_once: { plan: "free" }, $set: { plan: "pro" } })).toEqual({ plan: "pro" });
    expect(applyPropertyUpdates({ a: 1, b: 2 }, { $unset: { a: null } })).toEqual({ b: 2 });
  });

  test("null when nothing changes (same values, nothing to unset, malformed updates)", () => {
    expect(applyPropertyUpdates({ a: 1, o: { x: [1] } }, { $set: { a: 1, o: { x: [1] } }, $set_once: { a: 2 } })).toBeNull();
    expect(applyPropertyUpdates({ a: 1 }, { $unset: ["b"], $set: "nope", $set_once: [1] })).toBeNull();
    expect(applyPropertyUpdates({ a: 1 }, {})).toBeNull();
  });

  test("leaves the current object alone", () => {
    const current = { a: 1 };
    applyPropertyUpdates(current, { $set: { a: 2 }, $unset: ["a"] });
    expect(current).toEqual({ a: 1 });
  });
});

describe("processPersonEvents", () => {
  test("the first event of an unknown distinct id creates its person; later ones reuse it", () => {
    const state = stateOf();
    const { personIds, changes } = run(state, [ev("$pageview", "u1", { $set: { email: "a@x" } }, 5), ev("click", "u1", {}, 6)]);
    expect(personIds).toEqual(["new-1", "new-1"]);
    expect(changes.created).toEqual(new Set(["new-1"]));
    expect(changes.updated.size).toBe(0);
    expect(changes.distinctIds).toEqual(new Set(["u1"]));
    expect(personOf(state, "u1")).toMatchObject({ properties: { email: "a@x" }, isIdentified: false, createdAt: at(5) });
  });

  test("set, set_once and unset across events apply in order to an existing person, marked updated", () => {
    const state = stateOf({ id: "p", distinctIds: ["u"], properties: { plan: "free" } });
    const { changes } = run(state, [
      ev("e", "u", { $set_once: { first: "a", plan: "x" } }, 1),
      ev("e", "u", { $set_once: { first: "b" }, $set: { plan: "pro" } }, 2),
      ev("e", "u", { $unset: ["first"] }, 3),
    ]);
    expect(personOf(state, "u").properties).toEqual({ plan: "pro" });
    expect(changes.updated).toEqual(new Set(["p"]));
    expect(changes.created.size + changes.distinctIds.size).toBe(0);
  });

  test("an event changing nothing changes nothing", () => {
    const state = stateOf({ id: "p", distinctIds: ["u"], properties: { plan: "pro" } });
    const { changes } = run(state, [ev("e", "u", { $set: { plan: "pro" } })]);
    expect(changes.updated.size + changes.created.size + changes.distinctIds.size + changes.deleted.size).toBe(0);
  });

  test("GeoIP's resets and place on every event: a person holding them is not written again; a moved one is", () => {
    // What the GeoIP app adds to each event: the place over null resets ($set), and the first place ($set_once).
    const located = (latitude: number) => ({
      $set: { $geoip_city_name: null, $geoip_postal_code: null, $geoip_country_code: "FR", $geoip_latitude: latitude },
      $set_once: { $initial_geoip_city_name: null, $initial_geoip_country_code: "FR", $initial_geoip_latitude: latitude },
    });
    const first = located(48.8566);
    const properties = { ...first.$set_once, ...first.$set, plan: "pro" };
    const state = stateOf({ id: "p", distinctIds: ["u"], properties });
    const same = run(state, [ev("e", "u", located(48.8566)), ev("e", "u", located(48.8566), 1)]);
    expect(same.changes.updated.size + same.changes.created.size).toBe(0);

    const moved = run(state, [ev("e", "u", located(45.764))]);
    expect([...moved.changes.updated]).toEqual(["p"]);
    expect(personOf(state, "u").properties).toEqual({ ...properties, $geoip_latitude: 45.764 });
  });

  test("$identify of a new distinct id: the anonymous person gets it and is identified", () => {
    const state = stateOf({ id: "anon-person", distinctIds: ["anon"], properties: { ref: "ad" } });
    const { personIds, changes } = run(state, [ev("$identify", "user", { $anon_distinct_id: "anon", $set: { email: "u@x" } }, 1)]);
    expect(personIds).toEqual(["anon-person"]);
    expect(personOf(state, "user")).toMatchObject({ id: "anon-person", isIdentified: true, properties: { ref: "ad", email: "u@x" } });
    expect(changes.distinctIds).toEqual(new Set(["user"]));
    expect(state.distinctIds.get("user")!.version).toBe(0);
    expect(changes.updated).toEqual(new Set(["anon-person"]));
  });

  test("$identify with an unknown anonymous id: the known person takes it", () => {
    const state = stateOf({ id: "p", distinctIds: ["user"], isIdentified: true });
    const { changes } = run(state, [ev("$identify", "user", { $anon_distinct_id: "anon" })]);
    expect(personOf(state, "anon").id).toBe("p");
    expect(changes.distinctIds).toEqual(new Set(["anon"]));
    expect(changes.updated.size + changes.created.size).toBe(0);
  });

  test("$identify when neither id is known creates one identified person with both", () => {
    const state = stateOf();
    const { personIds, changes } = run(state, [ev("$identify", "user", { $anon_distinct_id: "anon" }, 3)]);
    expect(personIds).toEqual(["new-1"]);
    expect(personOf(state, "anon").id).toBe("new-1");
    expect(personOf(state, "user")).toMatchObject({ id: "new-1", isIdentified: true, createdAt: at(3) });
    expect(changes.distinctIds).toEqual(new Set(["user", "anon"]));
  });

  test("$identify when both have persons merges: ids move (version + 1), target's properties win, older created_at", () => {
    const state = stateOf(
      { id: "anon-p", distinctIds: ["anon", "anon-2"], properties: { a: 1, shared: "anon" }, createdAt: at(1), version: 4 },
      { id: "user-p", distinctIds: ["user"], properties: { b: 2, shared: "user" }, createdAt: at(9) },
    );
    const { personIds, changes } = run(state, [ev("$identify", "user", { $anon_distinct_id: "anon" }, 10)]);
    expect(personIds).toEqual(["user-p"]);
    expect(personOf(state, "anon-2")).toMatchObject({
      id: "user-p",
      properties: { a: 1, b: 2, shared: "user" },
      createdAt: at(1),
      isIdentified: true,
    });
    expect(state.distinctIds.get("anon")).toEqual({ personId: "user-p", version: 1 });
    expect(state.persons.has("anon-p")).toBe(false);
    expect([...changes.deleted.keys()]).toEqual(["anon-p"]);
    expect(changes.deleted.get("anon-p")!.version).toBe(4);
    expect(changes.distinctIds).toEqual(new Set(["anon", "anon-2"]));
    expect(changes.updated).toEqual(new Set(["user-p"]));
  });

  test("an identified person is not merged into another one; the event still goes to its distinct id's person", () => {
    const state = stateOf(
      { id: "other", distinctIds: ["other-id"], isIdentified: true },
      { id: "user-p", distinctIds: ["user"], isIdentified: true },
    );
    const { personIds, changes } = run(state, [ev("$identify", "user", { $anon_distinct_id: "other-id" })]);
    expect(personIds).toEqual(["user-p"]);
    expect(personOf(state, "other-id").id).toBe("other");
    expect(changes.deleted.size + changes.distinctIds.size).toBe(0);
  });

  test("merging on an illegal id ('anonymous', 'null', ...) is refused", () => {
    expect(isIllegalMergeId("Anonymous")).toBe(true);
    expect(isIllegalMergeId("null")).toBe(true);
    expect(isIllegalMergeId("user-1")).toBe(false);
    const state = stateOf({ id: "a", distinctIds: ["anonymous"] }, { id: "b", distinctIds: ["user"] });
    run(state, [ev("$identify", "user", { $anon_distinct_id: "anonymous" })]);
    expect(personOf(state, "anonymous").id).toBe("a");
  });

  test("$identify without an anonymous id marks the person identified", () => {
    const state = stateOf({ id: "p", distinctIds: ["user"] });
    const { changes } = run(state, [ev("$identify", "user", { $set: { email: "e" } })]);
    expect(personOf(state, "user")).toMatchObject({ isIdentified: true, properties: { email: "e" } });
    expect(changes.updated).toEqual(new Set(["p"]));
  });

  test("$create_alias merges the alias into the distinct id's person", () => {
    const state = stateOf({ id: "alias-p", distinctIds: ["alias"], properties: { x: 1 } }, { id: "user-p", distinctIds: ["user"] });
    const { personIds } = run(state, [ev("$create_alias", "user", { alias: "alias", distinct_id: "user" })]);
    expect(personIds).toEqual(["user-p"]);
    expect(personOf(state, "alias")).toMatchObject({ id: "user-p", properties: { x: 1 }, isIdentified: true });
  });

  test("a person created and merged away within the batch is never written", () => {
    const state = stateOf({ id: "user-p", distinctIds: ["user"] });
    const { personIds, changes } = run(state, [
      ev("$pageview", "anon", { $set_once: { ref: "x" } }, 1),
      ev("$identify", "user", { $anon_distinct_id: "anon" }, 2),
      ev("$pageview", "anon", {}, 3),
    ]);
    expect(personIds).toEqual(["new-1", "user-p", "user-p"]);
    expect(changes.created.size + changes.deleted.size).toBe(0);
    expect(state.distinctIds.get("anon")).toEqual({ personId: "user-p", version: 1 });
    expect(personOf(state, "user").properties).toEqual({ ref: "x" });
  });

  test("events apply in the order given (callers sort by timestamp): identify then set vs set then identify", () => {
    const state = stateOf();
    run(state, [
      ev("e", "anon", { $set: { step: "anon" } }, 1),
      ev("$identify", "user", { $anon_distinct_id: "anon", $set: { step: "identify" } }, 2),
      ev("e", "anon", { $set: { step: "after" } }, 3),
    ]);
    expect(personOf(state, "user")).toBe(personOf(state, "anon"));
    expect(personOf(state, "user").properties).toEqual({ step: "after" });
  });

  test("$process_person_profile: false leaves persons alone: the known person, else a stable personless id", () => {
    const state = stateOf({ id: "p", distinctIds: ["known"] });
    const { personIds, changes } = run(state, [
      ev("e", "known", { $process_person_profile: false, $set: { a: 1 } }),
      ev("e", "stranger", { $process_person_profile: false }),
    ]);
    expect(personIds).toEqual(["p", "personless-stranger"]);
    expect(changes.updated.size + changes.created.size + changes.distinctIds.size).toBe(0);
  });

  test("$groupidentify collects each group's $group_set, later events winning", () => {
    const { changes } = run(stateOf(), [
      ev("$groupidentify", "$company_acme", { $group_type: "company", $group_key: "acme", $group_set: { name: "A", size: 1 } }, 1),
      ev("$groupidentify", "$company_acme", { $group_type: "company", $group_key: "acme", $group_set: { name: "Acme" } }, 2),
      ev("$groupidentify", "x", { $group_type: "company" }),
    ]);
    expect([...changes.groups.values()]).toEqual([
      { groupType: "company", groupKey: "acme", properties: { name: "Acme", size: 1 }, createdAt: at(1) },
    ]);
  });
});

test("personless ids are UUIDs, stable per project and distinct id", () => {
  const id = personlessPersonId(1, "anon");
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(personlessPersonId(1, "anon")).toBe(id);
  expect(personlessPersonId(2, "anon")).not.toBe(id);
});

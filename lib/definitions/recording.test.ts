import { beforeEach, expect, test } from "vitest";
import { forgetEventDefinition, forgetPropertyDefinition, LAST_SEEN_INTERVAL_MS, newDefinitions, rememberDefinitions } from "./recording";

// Each test uses its own project: the cache of known definitions is the process's.
let project = 1000;
beforeEach(() => {
  project += 1;
});

const at = (ms: number) => new Date(Date.UTC(2026, 10, 24) + ms);

test("new names are found once per group, with their types and event pairs; person properties from $set/$set_once", () => {
  const found = newDefinitions(
    project,
    [
      { event: "signup", properties: { plan: "pro", seats: 3, $set: { email: "a@x" }, $set_once: { first_seen: "2026-11-01" } } },
      { event: "signup", properties: { plan: "free", seats: 5 } },
      { event: "$pageview", properties: { plan: "pro", $groups: { company: "x" }, $elements_chain: "a" } },
    ],
    at(0),
  );
  expect(found.events).toEqual(["signup", "$pageview"]);
  expect(found.properties).toEqual([
    { name: "plan", type: 1, property_type: "String", is_numerical: false },
    { name: "seats", type: 1, property_type: "Numeric", is_numerical: true },
    { name: "email", type: 2, property_type: "String", is_numerical: false },
    { name: "first_seen", type: 2, property_type: "DateTime", is_numerical: false },
  ]);
  expect(found.pairs).toEqual([
    { event: "signup", property: "plan" },
    { event: "signup", property: "seats" },
    { event: "$pageview", property: "plan" },
  ]);
});

test("once remembered, known names cost nothing; last_seen_at is due again after an hour", () => {
  const events = [{ event: "signup", properties: { plan: "pro" } }];
  rememberDefinitions(newDefinitions(project, events, at(0)));
  expect(newDefinitions(project, events, at(LAST_SEEN_INTERVAL_MS - 1))).toMatchObject({ events: [], properties: [], pairs: [] });
  expect(newDefinitions(project, events, at(LAST_SEEN_INTERVAL_MS))).toMatchObject({ events: ["signup"], properties: [], pairs: [] });
  // A known property with a new event: only the event and the pair are new.
  const other = newDefinitions(project, [{ event: "login", properties: { plan: "free" } }], at(1));
  expect(other).toMatchObject({ events: ["login"], properties: [], pairs: [{ event: "login", property: "plan" }] });
  // Another project knows nothing of them.
  expect(newDefinitions(project + 500, events, at(1)).events).toEqual(["signup"]);
});

test("a property seen only untyped (null, lists) gets the type of the first typed value that comes later", () => {
  rememberDefinitions(newDefinitions(project, [{ event: "e", properties: { tags: null } }], at(0)));
  expect(newDefinitions(project, [{ event: "e", properties: { tags: [1] } }], at(1)).properties).toEqual([]);
  const typed = newDefinitions(project, [{ event: "e", properties: { tags: "a" } }], at(2));
  expect(typed.properties).toEqual([{ name: "tags", type: 1, property_type: "String", is_numerical: false }]);
  expect(typed.pairs).toEqual([]);
  rememberDefinitions(typed);
  expect(newDefinitions(project, [{ event: "e", properties: { tags: 5 } }], at(3)).properties).toEqual([]);
});

test("a person property known untyped stays quiet on nulls and is typed by its first value (GeoIP's resets)", () => {
  const reset = { $set: { $geoip_city_name: null }, $set_once: { $initial_geoip_city_name: null } };
  rememberDefinitions(newDefinitions(project, [{ event: "e", properties: reset }], at(0)));
  expect(newDefinitions(project, [{ event: "e", properties: reset }], at(1)).properties).toEqual([]);
  const located = newDefinitions(project, [{ event: "e", properties: { $set: { $geoip_city_name: "Paris" } } }], at(2));
  expect(located.properties).toEqual([{ name: "$geoip_city_name", type: 2, property_type: "String", is_numerical: false }]);
  // A name typed by its name alone is typed on its first, null, value.
  const named = newDefinitions(project, [{ event: "e", properties: { $set: { utm_source: null } } }], at(3));
  expect(named.properties).toEqual([{ name: "utm_source", type: 2, property_type: "String", is_numerical: false }]);
});

test("within a group, an untyped first value takes the type of a later typed one", () => {
  const found = newDefinitions(
    project,
    [
      { event: "e", properties: { v: null } },
      { event: "e", properties: { v: 2 } },
    ],
    at(0),
  );
  expect(found.properties).toEqual([{ name: "v", type: 1, property_type: "Numeric", is_numerical: true }]);
});

test("events processed without a person define no person property", () => {
  const found = newDefinitions(project, [{ event: "e", properties: { $process_person_profile: false, $set: { email: "a@x" } } }], at(0));
  expect(found.properties.map((p) => [p.type, p.name])).toEqual([[1, "$process_person_profile"]]);
});

test("names past 400 characters and update properties are not defined", () => {
  const long = "x".repeat(401);
  const found = newDefinitions(
    project,
    [
      { event: long, properties: { a: 1 } },
      { event: "e", properties: { [long]: 1, $set: { [long]: 1 }, $unset: ["a"] } },
    ],
    at(0),
  );
  expect(found.events).toEqual(["e"]);
  expect(found.properties).toEqual([]);
});

test("forgotten definitions are found again", () => {
  const events = [{ event: "signup", properties: { plan: "pro", $set: { email: "a@x" } } }];
  rememberDefinitions(newDefinitions(project, events, at(0)));
  forgetEventDefinition(project, "signup");
  expect(newDefinitions(project, events, at(1))).toMatchObject({ events: ["signup"], pairs: [{ event: "signup", property: "plan" }] });
  forgetPropertyDefinition(project, "person", "email");
  expect(newDefinitions(project, events, at(1)).properties.map((p) => p.name)).toEqual(["email"]);
});

test("$groupidentify defines its $group_set as properties of its group type, once per type", () => {
  const types = new Map([
    ["company", 0],
    ["project", 1],
  ]);
  const identify = (type: unknown, set: unknown) => ({
    event: "$groupidentify",
    properties: { $group_type: type, $group_key: "k", $group_set: set },
  });
  const events = [
    identify("company", { name: "Acme", seats: 5 }),
    identify("project", { name: "Web" }),
    identify("unknown", { x: 1 }),
    identify("company", "not an object"),
  ];
  const found = newDefinitions(project, events, at(0), types);
  const groupRows = found.properties.filter((p) => p.type === 3);
  expect(groupRows).toEqual([
    { name: "name", type: 3, group_type_index: 0, property_type: "String", is_numerical: false },
    { name: "seats", type: 3, group_type_index: 0, property_type: "Numeric", is_numerical: true },
    { name: "name", type: 3, group_type_index: 1, property_type: "String", is_numerical: false },
  ]);
  rememberDefinitions(found);
  expect(newDefinitions(project, events, at(1), types).properties.filter((p) => p.type === 3)).toEqual([]);
  forgetPropertyDefinition(project, "group", "name", 1);
  expect(newDefinitions(project, events, at(1), types).properties.filter((p) => p.type === 3)).toMatchObject([
    { name: "name", group_type_index: 1 },
  ]);
});

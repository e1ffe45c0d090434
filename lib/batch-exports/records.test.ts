import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { embeddedTestStore } from "@/lib/events/store/test-store";
import type { EventStore } from "@/lib/events/store/open";
import type { PageFormat, RecordCursor, RecordPage, RecordQuery } from "./records";

// The page reader on an embedded chDB store: plans, pages in each format, resumption, and the persons model. Modules
// are imported once the data dir is set (the config reads it on import).
const embedded = embeddedTestStore("bx-records");
let store: EventStore;
let planRecordPages: typeof import("./records").planRecordPages;
let readRecordPage: typeof import("./records").readRecordPage;

const TEAM = 41;
const START = new Date("2024-06-01T00:00:00Z");
const END = new Date("2024-06-01T01:00:00Z");
const TRICKY = "tab\tnew\nline \\ back\u0000nul";
const events = Array.from({ length: 23 }, (_, i) => ({
  uuid: randomUUID(),
  event: i === 0 ? `odd\tname\\${"\u0000"}` : "pageview",
  properties: JSON.stringify({ i, text: TRICKY, $set: { plan: "pro" } }),
  // Three events share each timestamp: the uuid orders them.
  timestamp: new Date(START.getTime() + Math.floor(i / 3) * 60_000).toISOString(),
  team_id: TEAM,
  distinct_id: `user-${i % 4}`,
  person_id: randomUUID(),
}));

beforeAll(async () => {
  store = await embedded.open();
  ({ planRecordPages, readRecordPage } = await import("./records"));
  await store.insert("events", [
    ...events,
    // A retried insert of the first event (the same row again), one at the interval's end, one of another project.
    events[0],
    { ...events[1], uuid: randomUUID(), timestamp: END.toISOString() },
    { ...events[1], uuid: randomUUID(), team_id: TEAM + 1 },
  ]);
}, 30_000);

afterAll(async () => {
  await embedded.close();
});

const eventsQuery: RecordQuery = { teamId: TEAM, model: "events", start: START, end: END };

/** Every page of the interval after `after`, read in `format`. */
async function readAll(query: RecordQuery, format: PageFormat, pageSize: number, after: RecordCursor | null = null) {
  const plan = await planRecordPages(store, query, { after, pageSize });
  const pages: RecordPage[] = [];
  for (const last of plan.pageEnds) {
    pages.push(await readRecordPage(store, query, { after, last }, format));
    after = last;
  }
  return { plan, pages };
}

/** PostgreSQL's COPY text format read back: `\N` is null, backslash escapes undone. */
function parseCopyText(body: Uint8Array, names: string[]): Record<string, string | null>[] {
  const fromCopyText = (value: string) =>
    value === "\\N" ? null : value.replace(/\\(.)/g, (_, c: string) => ({ t: "\t", n: "\n", r: "\r", b: "\b", f: "\f" })[c] ?? c);
  return Buffer.from(body)
    .toString()
    .split("\n")
    .filter(Boolean)
    .map((line) => Object.fromEntries(line.split("\t").map((value, i) => [names[i], fromCopyText(value)])));
}

describe("events", () => {
  test("one key read plans every page and the total; a uuid stored twice is one record", async () => {
    const plan = await planRecordPages(store, eventsQuery, { after: null, pageSize: 10 });
    expect(plan.total).toBe(23);
    expect(plan.pageEnds).toHaveLength(3);
    const byKey = [...events].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    expect(plan.pageEnds.map((end) => Date.parse(end.timestamp.replace(" ", "T") + "Z"))).toEqual(
      [9, 19, 22].map((n) => Date.parse(byKey[n].timestamp)),
    );
  });

  test("the pages, in each format, hold every record of the interval once", async () => {
    const uuids = events.map((event) => event.uuid).sort();
    const rows = await readAll(eventsQuery, "rows", 10);
    expect(rows.pages.map((page) => page.count)).toEqual([10, 10, 3]);
    expect(rows.pages.flatMap((page) => (page.format === "rows" ? page.rows.map((row) => row.uuid) : [])).sort()).toEqual(uuids);

    const jsonl = await readAll(eventsQuery, "jsonl", 10);
    const lines = jsonl.pages.flatMap((page) =>
      Buffer.from(page.format === "jsonl" ? page.body : [])
        .toString()
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line)),
    );
    expect(lines.map((line) => line.uuid).sort()).toEqual(uuids);
    const first = lines.find((line) => line.uuid === events[0].uuid);
    // JSON columns are embedded as JSON, the rest are JSON values; PostHog's columns in order.
    expect(Object.keys(first)).toEqual([
      "uuid",
      "event",
      "properties",
      "elements",
      "set",
      "set_once",
      "distinct_id",
      "team_id",
      "ip",
      "site_url",
      "timestamp",
    ]);
    expect(first).toMatchObject({
      event: events[0].event,
      properties: { i: 0, text: TRICKY },
      set: { plan: "pro" },
      set_once: null,
      team_id: TEAM,
      ip: null,
    });
    expect(first.timestamp).toBe("2024-06-01T00:00:00.000000Z");

    const copy = await readAll(eventsQuery, "copy", 10);
    const names = copy.pages[0].columns.map((column) => column.name);
    const copied = copy.pages.flatMap((page) => parseCopyText(page.format === "copy" ? page.body : new Uint8Array(), names));
    expect(copied.map((row) => row.uuid).sort()).toEqual(uuids);
    const firstCopied = copied.find((row) => row.uuid === events[0].uuid)!;
    // PostgreSQL refuses the NUL character in text and the `\u0000` escape in jsonb: both are dropped.
    expect(firstCopied.event).toBe("odd\tname\\");
    expect(JSON.parse(firstCopied.properties!).text).toBe(TRICKY.replace("\u0000", ""));
    expect(firstCopied.ip).toBeNull();
    expect(firstCopied.team_id).toBe(String(TEAM));
  });

  test("a resumed run plans from its cursor: the pages after it, none of the records before", async () => {
    const whole = await readAll(eventsQuery, "rows", 10);
    const resumed = await readAll(eventsQuery, "rows", 4, whole.plan.pageEnds[0]);
    expect(resumed.plan.total).toBe(23);
    expect(resumed.plan.pageEnds).toEqual(
      (await planRecordPages(store, eventsQuery, { after: null, pageSize: 4 })).pageEnds.filter((_, i) => i >= 2),
    );
    const before = new Set(whole.pages[0].format === "rows" ? whole.pages[0].rows.map((row) => row.uuid) : []);
    const after = resumed.pages.flatMap((page) => (page.format === "rows" ? page.rows.map((row) => row.uuid) : []));
    expect(after).toHaveLength(13);
    expect(after.some((uuid) => before.has(uuid))).toBe(false);
    // Past its last record, a run has nothing left to read.
    expect((await planRecordPages(store, eventsQuery, { after: whole.plan.pageEnds[2], pageSize: 10 })).pageEnds).toEqual([]);
  });
});

describe("persons", () => {
  const PERSONS_TEAM = 42;
  const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();
  const ids = { alice: randomUUID(), bob: randomUUID(), carol: randomUUID(), dave: randomUUID() };
  const person = (id: string, version: number, insertedAt: string, properties: Record<string, unknown> = {}) => ({
    id,
    team_id: PERSONS_TEAM,
    properties: JSON.stringify(properties),
    is_identified: 1,
    created_at: "2024-05-01T00:00:00.000Z",
    version,
    _inserted_at: insertedAt,
  });
  const distinctId = (distinct_id: string, person_id: string, version: number, insertedAt: string) => ({
    team_id: PERSONS_TEAM,
    distinct_id,
    person_id,
    version,
    _inserted_at: insertedAt,
  });
  const query: RecordQuery = { teamId: PERSONS_TEAM, model: "persons", start: START, end: END };

  beforeAll(async () => {
    await store.insert("person", [
      // Alice: new in the interval, two distinct ids.
      person(ids.alice, 0, at(5), { name: "Alice" }),
      // Bob: created before, his properties changed in the interval (his distinct id did not).
      person(ids.bob, 0, at(-90), { plan: "free" }),
      person(ids.bob, 1, at(20), { plan: "pro" }),
      // Carol: unchanged since before the interval.
      person(ids.carol, 0, at(-90), { name: "Carol" }),
      // Dave: changed in the interval, then again after it: his last change is the next interval's.
      person(ids.dave, 0, at(10), { step: 1 }),
      person(ids.dave, 1, at(70), { step: 2 }),
    ]);
    await store.insert("person_distinct_id2", [
      distinctId("alice-anon", ids.alice, 0, at(5)),
      distinctId("alice@example.com", ids.alice, 0, at(6)),
      distinctId("bob", ids.bob, 0, at(-90)),
      distinctId("carol", ids.carol, 0, at(-90)),
      // Carol's second id moved to Alice in the interval: it is exported, with Alice.
      distinctId("carol-laptop", ids.carol, 0, at(-90)),
      distinctId("carol-laptop", ids.alice, 1, at(30)),
      distinctId("dave", ids.dave, 0, at(-90)),
    ]);
  });

  test("the distinct ids whose mapping or person last changed in the interval, each once", async () => {
    const { plan, pages } = await readAll(query, "rows", 2);
    expect(plan.total).toBe(4);
    expect(pages.map((page) => page.count)).toEqual([2, 2]);
    const rows = pages.flatMap((page) => (page.format === "rows" ? page.rows : []));
    expect(rows.map((row) => row.distinct_id)).toEqual(["alice-anon", "alice@example.com", "bob", "carol-laptop"]);
    const byId = Object.fromEntries(rows.map((row) => [row.distinct_id as string, row]));
    expect(byId.bob).toMatchObject({
      team_id: String(PERSONS_TEAM),
      person_id: ids.bob,
      person_version: "1",
      person_distinct_id_version: "0",
      is_deleted: false,
    });
    expect(JSON.parse(byId.bob.properties as string)).toEqual({ plan: "pro" });
    expect(byId["carol-laptop"]).toMatchObject({
      person_id: ids.alice,
      person_distinct_id_version: "1",
      _inserted_at: "2024-06-01T00:30:00.000000Z",
    });
    expect(byId.bob.created_at).toBe("2024-05-01T00:00:00.000000Z");
  });

  test("JSON Lines and COPY text carry the same rows; Dave, changed again after the interval, is the next one's", async () => {
    const jsonl = await readAll(query, "jsonl", 10);
    const lines = jsonl.pages.flatMap((page) =>
      Buffer.from(page.format === "jsonl" ? page.body : [])
        .toString()
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line)),
    );
    expect(lines.map((line) => line.distinct_id)).toEqual(["alice-anon", "alice@example.com", "bob", "carol-laptop"]);
    expect(lines[2]).toMatchObject({ team_id: PERSONS_TEAM, properties: { plan: "pro" }, person_version: 1, is_deleted: false });
    const copy = await readAll(query, "copy", 10);
    const names = copy.pages[0].columns.map((column) => column.name);
    expect(
      parseCopyText(copy.pages[0].format === "copy" ? copy.pages[0].body : new Uint8Array(), names).map((row) => row.is_deleted),
    ).toEqual(Array(4).fill("false"));

    const next = await readAll({ ...query, start: END, end: new Date(END.getTime() + 3_600_000) }, "rows", 10);
    const nextRows = next.pages.flatMap((page) => (page.format === "rows" ? page.rows : []));
    expect(nextRows.map((row) => [row.distinct_id, row.person_version])).toEqual([["dave", "1"]]);
    expect(JSON.parse(nextRows[0].properties as string)).toEqual({ step: 2 });
    // From the beginning: every distinct id written before the interval's end.
    const all = await readAll({ ...query, start: null }, "rows", 10);
    expect(all.plan.total).toBe(6);
  });
});

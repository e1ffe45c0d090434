import { beforeAll, describe, expect, inject, test } from "vitest";
import { joinAs, signUp, type ApiClient, type TestUser } from "../support/api";
import { listAllEvents, sendEvents, type SentEvent } from "../support/events";
import { mulberry32, personsOf } from "../support/reference";

const baseUrl = inject("baseUrl");

// Cohorts (segments G2–G8, G18): the API, calculations compared with a reference over generated events, and the
// cohort filter and breakdown of trends, funnels and persons.

const DAY = 86_400_000;
const PERSONS = 30;
let owner: TestUser;
let sent: SentEvent[];
const path = (rest: string, user = owner) => `/api/projects/${user.projectId}/${rest}`;

/** Seeded persons: a third merge an anonymous id by `$identify`; plan pro/free; purchases and pageviews 0.5–49.5 days ago. */
function generate(now: number): SentEvent[] {
  const random = mulberry32(7);
  const events: SentEvent[] = [];
  let second = 0;
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY - ++second * 1000).toISOString();
  const day = () => Math.floor(random() * 50) + 0.5;
  for (let i = 0; i < PERSONS; i++) {
    const merged = i % 3 === 0;
    const id = `user-${i}`;
    const plan = random() < 0.5 ? "pro" : "free";
    const ids = merged ? [`anon-${i}`, id] : [id];
    events.push({ event: "$pageview", distinct_id: ids[0], timestamp: at(day()), properties: merged ? {} : { $set: { plan } } });
    for (let k = Math.floor(random() * 5); k > 0; k--)
      events.push({ event: "purchase", distinct_id: ids[Math.floor(random() * ids.length)], timestamp: at(day()) });
    for (let k = Math.floor(random() * 4); k > 0; k--)
      events.push({ event: "$pageview", distinct_id: ids[Math.floor(random() * ids.length)], timestamp: at(day()) });
    if (merged)
      events.push({
        event: "$identify",
        distinct_id: id,
        timestamp: at(day()),
        properties: { $anon_distinct_id: `anon-${i}`, $set: { plan } },
      });
  }
  return events;
}

/** The reference: each person (after merges) with its plan and its events' ages in days. */
function referencePersons() {
  const personOf = personsOf(sent);
  const byPerson = new Map<string, { plan?: string; purchases: number[]; pageviews: number[]; ids: Set<string> }>();
  const now = Date.now();
  for (const e of sent) {
    const key = personOf(e.distinct_id);
    if (!byPerson.has(key)) byPerson.set(key, { purchases: [], pageviews: [], ids: new Set() });
    const p = byPerson.get(key)!;
    p.ids.add(e.distinct_id);
    const set = e.properties?.$set as { plan?: string } | undefined;
    if (set?.plan) p.plan = set.plan;
    const age = (now - Date.parse(e.timestamp!)) / DAY;
    if (e.event === "purchase") p.purchases.push(age);
    if (e.event === "$pageview") p.pageviews.push(age);
  }
  return byPerson;
}
type Ref = ReturnType<typeof referencePersons> extends Map<string, infer V> ? V : never;

const COHORT_A = {
  properties: {
    type: "OR",
    values: [
      {
        type: "AND",
        values: [
          { type: "person", key: "plan", value: "pro", operator: "exact" },
          { type: "behavioral", value: "performed_event", key: "purchase", event_type: "events", time_value: 30, time_interval: "day" },
        ],
      },
      {
        type: "behavioral",
        value: "performed_event_multiple",
        key: "purchase",
        event_type: "events",
        time_value: 60,
        time_interval: "day",
        operator: "gte",
        operator_value: 3,
      },
    ],
  },
};
const inA = (p: Ref) => (p.plan === "pro" && p.purchases.some((d) => d < 30)) || p.purchases.filter((d) => d < 60).length >= 3;
const inB = (p: Ref) => !inA(p) && p.pageviews.some((d) => d < 20);

async function calculated(client: ApiClient, id: number, user = owner): Promise<any> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const got = await client.get(path(`cohorts/${id}/`, user));
    expect(got.status, got.text).toBe(200);
    if (!got.body.is_calculating) return got.body;
    if (Date.now() > deadline) throw new Error(`cohort ${id} still calculating`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every member's distinct ids, sorted, through `GET cohorts/:id/persons/` (following `next`). */
async function memberIds(id: number): Promise<string[][]> {
  const out: string[][] = [];
  let url: string | null = path(`cohorts/${id}/persons/`);
  while (url) {
    const page: any = await owner.session.get(url);
    expect(page.status, page.text).toBe(200);
    out.push(...page.body.results.map((p: any) => [...p.distinct_ids].sort()));
    url = page.body.next;
  }
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}
const expectedIds = (keep: (p: Ref) => boolean) =>
  [...referencePersons().values()]
    .filter(keep)
    .map((p) => [...p.ids].sort())
    .sort((a, b) => a[0].localeCompare(b[0]));

async function multipart(fields: Record<string, string>, csv?: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (csv !== undefined) form.set("csv", new Blob([csv], { type: "text/csv" }), "people.csv");
  const encoded = new Response(form);
  return { raw: new Uint8Array(await encoded.arrayBuffer()), headers: { "content-type": encoded.headers.get("content-type")! } };
}
const postForm = async (client: ApiClient, url: string, fields: Record<string, string>, csv?: string) =>
  client.request("POST", url, undefined, await multipart(fields, csv));

let cohortA: number;
let cohortB: number;

beforeAll(async () => {
  owner = await signUp(baseUrl);
  sent = generate(Date.now());
  await sendEvents(baseUrl, owner, sent);
  // Ingestion has made every person before the cohorts are computed.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const persons = await owner.session.get(path("persons/?limit=100"));
    if (persons.body.results?.length === referencePersons().size) break;
    if (Date.now() > deadline) throw new Error("persons not ingested");
    await new Promise((r) => setTimeout(r, 200));
  }
  const a = await owner.session.post(path("cohorts/"), { name: "Buyers", is_static: false, filters: COHORT_A });
  expect(a.status, a.text).toBe(201);
  expect(a.body.is_calculating).toBe(true);
  cohortA = a.body.id;
  await calculated(owner.session, cohortA);
  const b = await owner.session.post(path("cohorts/"), {
    name: "Browsers, not buyers",
    filters: {
      properties: {
        type: "AND",
        values: [
          { type: "cohort", key: "id", value: cohortA, negation: true },
          { type: "behavioral", value: "performed_event", key: "$pageview", event_type: "events", time_value: 20, time_interval: "day" },
        ],
      },
    },
  });
  expect(b.status, b.text).toBe(201);
  cohortB = b.body.id;
  await calculated(owner.session, cohortB);
}, 120_000);

describe("calculation", () => {
  test("a dynamic cohort's members are the persons its criteria select, merged ids together (G5–G7)", async () => {
    const cohort = await calculated(owner.session, cohortA);
    expect(cohort).toMatchObject({ name: "Buyers", is_static: false, deleted: false, errors_calculating: 0, filters: COHORT_A });
    expect(cohort.count).toBe(expectedIds(inA).length);
    expect(cohort.last_calculation).not.toBeNull();
    expect(await memberIds(cohortA)).toEqual(expectedIds(inA));
  });

  test("a cohort criterion is membership of the other cohort; negation negates (G7, G8)", async () => {
    expect(await memberIds(cohortB)).toEqual(expectedIds(inB));
  });

  test("changing the filters recalculates", async () => {
    const created = await owner.session.post(path("cohorts/"), {
      name: "Pro",
      filters: { properties: { type: "AND", values: [{ type: "person", key: "plan", value: "pro", operator: "exact" }] } },
    });
    expect((await calculated(owner.session, created.body.id)).count).toBe(expectedIds((p) => p.plan === "pro").length);
    const purchases = (keep: (p: Ref) => boolean) =>
      [...referencePersons().values()].filter(keep).reduce((n, p) => n + p.purchases.length, 0);
    const trend = () =>
      owner.session.post(path("insights/trend/"), {
        events: [{ id: "purchase" }],
        date_from: "-60d",
        interval: "week",
        properties: [{ type: "cohort", key: "id", value: created.body.id }],
      });
    expect((await trend()).body.result[0].count).toBe(purchases((p) => p.plan === "pro"));
    const changed = await owner.session.patch(path(`cohorts/${created.body.id}/`), {
      filters: { properties: { type: "AND", values: [{ type: "person", key: "plan", value: "pro", operator: "is_not" }] } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.is_calculating).toBe(true);
    expect((await calculated(owner.session, created.body.id)).count).toBe(expectedIds((p) => p.plan !== "pro").length);
    // The same trend is not answered from the cache of the cohort's previous members.
    expect((await trend()).body.result[0].count).toBe(purchases((p) => p.plan !== "pro"));
  });
});

describe("static cohorts", () => {
  test("a CSV's known distinct ids become their persons, each once; unknown ids are ignored (G4)", async () => {
    const csv = ["distinct_id", "user-0", "anon-0", "user-1", "nobody", "user-1"].join("\n");
    const created = await postForm(owner.session, path("cohorts/"), { name: "Uploaded", is_static: "true" }, csv);
    expect(created.status, created.text).toBe(201);
    expect(created.body.is_static).toBe(true);
    const cohort = await calculated(owner.session, created.body.id);
    expect(cohort.count).toBe(2);
    expect(await memberIds(created.body.id)).toEqual(expectedIds((p) => p.ids.has("user-0") || p.ids.has("user-1")));

    // Without a header, a single column is distinct ids.
    const bare = await postForm(owner.session, path("cohorts/"), { name: "Bare", is_static: "true" }, "user-2\nuser-3\n");
    expect((await calculated(owner.session, bare.body.id)).count).toBe(2);
  });

  test("persons are added by id; a cohort is duplicated as a static one", async () => {
    const created = await postForm(owner.session, path("cohorts/"), { name: "Added", is_static: "true" }, "user-4\n");
    await calculated(owner.session, created.body.id);
    const person = (await owner.session.get(path("persons/?distinct_id=user-5"))).body.results[0];
    const added = await owner.session.patch(path(`cohorts/${created.body.id}/add_persons_to_static_cohort/`), { person_ids: [person.id] });
    expect(added.status, added.text).toBe(200);
    expect((await calculated(owner.session, created.body.id)).count).toBe(2);

    const copy = await owner.session.get(path(`cohorts/${cohortA}/duplicate_as_static_cohort/`));
    expect(copy.status, copy.text).toBe(200);
    expect(copy.body).toMatchObject({ is_static: true, name: "Buyers (static copy)" });
    expect((await calculated(owner.session, copy.body.id)).count).toBe(expectedIds(inA).length);
  });

  test("saving a trend's persons or a persons list as a cohort keeps those persons", async () => {
    const trendUrl = new URLSearchParams({
      insight: "TRENDS",
      events: JSON.stringify([{ id: "purchase", type: "events", order: 0 }]),
      entity_id: "purchase",
      entity_type: "events",
      date_from: new Date(Date.now() - 20 * DAY).toISOString(),
      date_to: new Date(Date.now()).toISOString(),
    });
    const fromTrend = await owner.session.post(path(`cohorts/?${trendUrl}`), { name: "Recent buyers", is_static: true });
    expect(fromTrend.status, fromTrend.text).toBe(201);
    expect((await calculated(owner.session, fromTrend.body.id)).count).toBe(expectedIds((p) => p.purchases.some((d) => d < 20)).length);

    const listUrl = new URLSearchParams({
      properties: JSON.stringify([{ type: "person", key: "plan", value: "free", operator: "exact" }]),
    });
    const fromList = await owner.session.post(path(`cohorts/?${listUrl}`), { name: "Free", is_static: true });
    expect(fromList.status, fromList.text).toBe(201);
    expect((await calculated(owner.session, fromList.body.id)).count).toBe(expectedIds((p) => p.plan === "free").length);
  });
});

describe("analyses", () => {
  const purchasesOf = (keep: (p: Ref) => boolean) =>
    [...referencePersons().values()].filter(keep).reduce((n, p) => n + p.purchases.length, 0);
  const trend = (extra: Record<string, unknown>) =>
    owner.session.post(path("insights/trend/"), {
      events: [{ id: "purchase", type: "events" }],
      date_from: "-60d",
      interval: "week",
      ...extra,
    });

  test("a cohort filter keeps the events of the cohort's members; not_in the others' (G2)", async () => {
    const member = await trend({ properties: [{ type: "cohort", key: "id", value: cohortA }] });
    expect(member.status, member.text).toBe(200);
    expect(member.body.result[0].count).toBe(purchasesOf(inA));
    const other = await trend({ properties: [{ type: "cohort", key: "id", value: cohortA, operator: "not_in" }] });
    expect(other.body.result[0].count).toBe(purchasesOf((p) => !inA(p)));
  });

  test("a cohort breakdown gives a series per cohort, 'all' for everyone (G3)", async () => {
    const broken = await trend({ breakdown_type: "cohort", breakdown: [cohortA, cohortB, "all"] });
    expect(broken.status, broken.text).toBe(200);
    expect(broken.body.result.map((r: any) => [r.breakdown_value, r.label, r.count])).toEqual([
      [cohortA, "Buyers", purchasesOf(inA)],
      [cohortB, "Browsers, not buyers", purchasesOf(inB)],
      ["all", "All Users", purchasesOf(() => true)],
    ]);
  });

  test("a funnel broken down by cohort has one list of steps per cohort", async () => {
    const funnel = await owner.session.post(path("insights/funnel/"), {
      events: [
        { id: "$pageview", order: 0 },
        { id: "purchase", order: 1 },
      ],
      date_from: "-60d",
      funnel_window_days: 60,
      breakdown_type: "cohort",
      breakdown: [cohortA, "all"],
    });
    expect(funnel.status, funnel.text).toBe(200);
    const converted = (p: Ref) => p.pageviews.length > 0 && p.purchases.length > 0 && Math.max(...p.pageviews) > Math.min(...p.purchases);
    const counts = (keep: (p: Ref) => boolean) => {
      const persons = [...referencePersons().values()].filter(keep);
      return [persons.filter((p) => p.pageviews.length > 0).length, persons.filter(converted).length];
    };
    expect(funnel.body.result.map((steps: any[]) => [steps[0].breakdown_value, steps[0].breakdown, steps.map((s) => s.count)])).toEqual([
      [cohortA, "Buyers", counts(inA)],
      ["all", "All Users", counts(() => true)],
    ]);
  });

  test("stickiness counts the cohort's members by their number of active days", async () => {
    const personOf = personsOf(sent);
    const members = new Set([...referencePersons().entries()].filter(([, p]) => inA(p)).map(([key]) => key));
    const days = new Map<string, Set<string>>();
    for (const e of sent)
      if (e.event === "purchase" && members.has(personOf(e.distinct_id))) {
        const key = personOf(e.distinct_id);
        if (!days.has(key)) days.set(key, new Set());
        days.get(key)!.add(e.timestamp!.slice(0, 10));
      }
    const expected = Array.from({ length: 6 }, (_, k) => [...days.values()].filter((d) => d.size === k + 1).length);
    const sticky = await trend({ insight: "STICKINESS", interval: "day", properties: [{ type: "cohort", key: "id", value: cohortA }] });
    expect(sticky.status, sticky.text).toBe(200);
    expect(sticky.body.result[0].data.slice(0, 6)).toEqual(expected);
  });

  test("a trend's persons and the events list filter by cohort", async () => {
    const url = new URLSearchParams({
      events: JSON.stringify([{ id: "purchase", type: "events", order: 0 }]),
      entity_id: "purchase",
      entity_type: "events",
      date_from: new Date(Date.now() - 60 * DAY).toISOString(),
      date_to: new Date(Date.now()).toISOString(),
      properties: JSON.stringify([{ type: "cohort", key: "id", value: cohortB, operator: "not_in" }]),
    });
    const actors = await owner.session.get(path(`persons/trends/?${url}`));
    expect(actors.status, actors.text).toBe(200);
    expect(
      actors.body.results[0].people
        .map((p: any) => [...p.distinct_ids].sort())
        .sort((a: string[], b: string[]) => a[0].localeCompare(b[0])),
    ).toEqual(expectedIds((p) => !inB(p) && p.purchases.length > 0));
    const events = await listAllEvents(owner, {
      event: "purchase",
      properties: JSON.stringify([{ type: "cohort", key: "id", value: cohortA }]),
    });
    expect(events.length).toBe(purchasesOf(inA));
  });

  test("the persons list filters by cohort", async () => {
    const listed = await owner.session.get(
      path(`persons/?limit=100&properties=${encodeURIComponent(JSON.stringify([{ type: "cohort", key: "id", value: cohortB }]))}`),
    );
    expect(listed.status, listed.text).toBe(200);
    expect(
      listed.body.results.map((p: any) => [...p.distinct_ids].sort()).sort((a: string[], b: string[]) => a[0].localeCompare(b[0])),
    ).toEqual(expectedIds(inB));
  });
});

describe("the API", () => {
  test("lists newest first without deleted ones, searches names; a deleted one is still retrieved; DELETE is 405", async () => {
    const first = await owner.session.post(path("cohorts/"), { name: "zz-first", filters: COHORT_A });
    const second = await owner.session.post(path("cohorts/"), { name: "zz-second", filters: COHORT_A });
    const listed = await owner.session.get(path("cohorts/?search=zz-"));
    expect(listed.body.results.map((c: any) => c.name)).toEqual(["zz-second", "zz-first"]);
    expect(listed.body.count).toBe(2);
    expect((await owner.session.delete(path(`cohorts/${first.body.id}/`))).status).toBe(405);
    const deleted = await owner.session.patch(path(`cohorts/${first.body.id}/`), { deleted: true });
    expect(deleted.body.deleted).toBe(true);
    expect((await owner.session.get(path("cohorts/?search=zz-"))).body.results.map((c: any) => c.id)).toEqual([second.body.id]);
    expect((await owner.session.get(path(`cohorts/${first.body.id}/`))).body).toMatchObject({ deleted: true, name: "zz-first" });
    const twin = await owner.session.get(`/api/environments/${owner.projectId}/cohorts/${second.body.id}/`);
    expect(twin.body.name).toBe("zz-second");
  });

  const person = (extra: Record<string, unknown> = {}) => ({ type: "person", key: "plan", value: "pro", operator: "exact", ...extra });
  const nest = (depth: number): any => (depth === 0 ? person() : { type: "AND", values: [nest(depth - 1)] });
  const invalid: [string, Record<string, unknown>, string][] = [
    [
      "a person criterion without operator",
      { name: "x", filters: { properties: { type: "AND", values: [person({ operator: undefined })] } } },
      "filters",
    ],
    ["groups nested deeper than five", { name: "x", filters: { properties: nest(6) } }, "filters"],
    [
      "more than 100 criteria",
      { name: "x", filters: { properties: { type: "OR", values: Array.from({ length: 101 }, () => person()) } } },
      "filters",
    ],
    [
      "an unknown behavioral interval",
      {
        name: "x",
        filters: {
          properties: {
            type: "AND",
            values: [{ type: "behavioral", value: "performed_event", key: "a", time_value: 3, time_interval: "fortnight" }],
          },
        },
      },
      "filters",
    ],
    ["a name past 400 characters", { name: "n".repeat(401), filters: COHORT_A }, "name"],
    ["a static cohort without a list", { name: "x", is_static: true }, "csv"],
  ];
  test.each(invalid)("%s is a 400", async (_, body, attr) => {
    const refused = await owner.session.post(path("cohorts/"), body);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toMatchObject({ type: "validation_error", attr });
  });

  test("a CSV of several unnamed columns is a 400", async () => {
    const refused = await postForm(owner.session, path("cohorts/"), { name: "x", is_static: "true" }, "a,b\nc,d\n");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: "validation_error", attr: "csv" });
  });

  test("a cycle of cohort criteria is a 400", async () => {
    const inner = await owner.session.post(path("cohorts/"), {
      name: "inner",
      filters: { properties: { type: "AND", values: [person()] } },
    });
    const outer = await owner.session.post(path("cohorts/"), {
      name: "outer",
      filters: { properties: { type: "AND", values: [{ type: "cohort", key: "id", value: inner.body.id }] } },
    });
    expect(outer.status).toBe(201);
    const cycle = await owner.session.patch(path(`cohorts/${inner.body.id}/`), {
      filters: { properties: { type: "AND", values: [{ type: "cohort", key: "id", value: outer.body.id }] } },
    });
    expect(cycle.status, cycle.text).toBe(400);
    expect(cycle.body).toMatchObject({ attr: "filters", code: "cohort_cycle" });
  });

  test("a breakdown of more than 25 cohorts is a 400", async () => {
    const refused = await owner.session.post(path("insights/trend/"), {
      events: [{ id: "purchase" }],
      breakdown_type: "cohort",
      breakdown: Array.from({ length: 26 }, () => cohortA),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ attr: "breakdown", code: "max_length" });
  });
});

describe("authorization", () => {
  let stranger: TestUser;
  beforeAll(async () => {
    stranger = await signUp(baseUrl);
  }, 60_000);

  test("another organization's owner and keys cannot read or write the project's cohorts", async () => {
    const strangerKey = await stranger.key(["cohort:read", "cohort:write"]);
    for (const client of [stranger.session, strangerKey]) {
      expect((await client.get(path("cohorts/"))).status).toBe(403);
      expect((await client.get(path(`cohorts/${cohortA}/`))).status).toBe(403);
      expect((await client.get(path(`cohorts/${cohortA}/persons/`))).status).toBe(403);
      expect((await client.post(path("cohorts/"), { name: "x", filters: COHORT_A })).status).toBe(403);
      expect((await client.patch(path(`cohorts/${cohortA}/`), { name: "taken" })).status).toBe(403);
    }
    // Its own project does not hold the cohort.
    expect((await stranger.session.get(path(`cohorts/${cohortA}/`, stranger))).status).toBe(404);
    expect((await stranger.session.get(path(`cohorts/${cohortA}/persons/`, stranger))).status).toBe(404);
    expect((await owner.session.get(path(`cohorts/${cohortA}/`))).body.name).toBe("Buyers");
  });

  test("keys need the cohort scopes: read for reading, write for writing", async () => {
    const noScope = await owner.key(["insight:read"]);
    const reader = await owner.key(["cohort:read"]);
    expect((await noScope.get(path("cohorts/"))).status).toBe(403);
    expect((await noScope.get(path(`cohorts/${cohortA}/persons/`))).status).toBe(403);
    expect((await reader.get(path("cohorts/"))).status).toBe(200);
    const denied = await reader.post(path("cohorts/"), { name: "x", filters: COHORT_A });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe("API key missing required scope 'cohort:write'");
    expect((await reader.patch(path(`cohorts/${cohortA}/add_persons_to_static_cohort/`), { person_ids: [] })).status).toBe(403);
    // A key limited to another of the owner's projects reaches nothing in this one.
    const second = await owner.session.post("/api/projects/", { name: "Second" });
    expect(second.status).toBe(201);
    const otherProjectKey = await owner.key(["cohort:read"], { scoped_teams: [second.body.id] });
    expect((await otherProjectKey.get(path("cohorts/"))).status).toBe(403);
    expect((await otherProjectKey.get(path(`cohorts/${cohortA}/`))).status).toBe(403);
  });

  test("another project's cohort cannot be referenced: in criteria, filters, breakdowns or persons lists", async () => {
    const foreign = await stranger.session.post(path("cohorts/", stranger), { name: "theirs", filters: COHORT_A });
    expect(foreign.status).toBe(201);
    const ref = { type: "cohort", key: "id", value: foreign.body.id };
    const criteria = await owner.session.post(path("cohorts/"), { name: "x", filters: { properties: { type: "AND", values: [ref] } } });
    expect(criteria.status).toBe(400);
    expect(criteria.body).toMatchObject({ attr: "filters", code: "invalid_cohort" });
    const filtered = await owner.session.post(path("insights/trend/"), { events: [{ id: "purchase" }], properties: [ref] });
    expect(filtered.status).toBe(400);
    expect(filtered.body).toMatchObject({ attr: "properties", code: "invalid_cohort" });
    const seriesFiltered = await owner.session.post(path("insights/funnel/"), {
      events: [{ id: "$pageview", properties: [ref] }, { id: "purchase" }],
    });
    expect(seriesFiltered.status).toBe(400);
    const broken = await owner.session.post(path("insights/trend/"), {
      events: [{ id: "purchase" }],
      breakdown_type: "cohort",
      breakdown: [foreign.body.id],
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ attr: "breakdown", code: "invalid_cohort" });
    const persons = await owner.session.get(path(`persons/?properties=${encodeURIComponent(JSON.stringify([ref]))}`));
    expect(persons.status).toBe(400);
    expect((await owner.session.get(path(`cohorts/${foreign.body.id}/`))).status).toBe(404);
  });

  test("every member of the organization may read and write its projects' cohorts", async () => {
    const member = await joinAs(owner, 1);
    const created = await member.session.post(path("cohorts/"), { name: "by a member", filters: COHORT_A });
    expect(created.status, created.text).toBe(201);
    expect((await member.session.get(path(`cohorts/${cohortA}/`))).status).toBe(200);
  });
});

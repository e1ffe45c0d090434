import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type ApiClient, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";

const baseUrl = inject("baseUrl");

// "Save as cohort" from each analysis's persons list (PostHog's cohorts/?<persons URL>&is_static=true): the saved
// cohort holds exactly the persons the persons list answers; hostile URLs are refused.

const DAY = 86_400_000;
let owner: TestUser;
let stranger: TestUser;
const path = (rest: string, user = owner) => `/api/projects/${user.projectId}/${rest}`;

function events(now: number): SentEvent[] {
  const out: SentEvent[] = [];
  for (let i = 0; i < 24; i++) {
    const at = (days: number) => new Date(now - days * DAY - i * 60_000).toISOString();
    out.push({ event: "signup", distinct_id: `u${i}`, timestamp: at(6 + (i % 3)) });
    if (i % 2 === 0) out.push({ event: "buy", distinct_id: `u${i}`, timestamp: at(4 + (i % 2)) });
    if (i % 3 === 0) out.push({ event: "buy", distinct_id: `u${i}`, timestamp: at(2) });
  }
  return out;
}

async function calculated(client: ApiClient, id: number): Promise<any> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const got = await client.get(path(`cohorts/${id}/`));
    expect(got.status, got.text).toBe(200);
    if (!got.body.is_calculating) return got.body;
    if (Date.now() > deadline) throw new Error(`cohort ${id} still calculating`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every page of a persons URL (actors shape, or retention's `result`): the persons' uuids, sorted. */
async function listed(url: string): Promise<string[]> {
  const ids: string[] = [];
  let next: string | null = url;
  while (next) {
    const page: any = await owner.session.get(next);
    expect(page.status, page.text).toBe(200);
    const people = page.body.results ? page.body.results[0].people : page.body.result.map((r: any) => r.person);
    ids.push(...people.map((p: any) => p.uuid ?? p.id));
    next = page.body.next ? new URL(page.body.next, baseUrl).pathname + new URL(page.body.next, baseUrl).search : null;
  }
  return ids.sort();
}

async function members(id: number): Promise<string[]> {
  const ids: string[] = [];
  let url: string | null = path(`cohorts/${id}/persons/`);
  while (url) {
    const page: any = await owner.session.get(url);
    ids.push(...page.body.results.map((p: any) => p.uuid ?? p.id));
    url = page.body.next;
  }
  return ids.sort();
}

/** Saves a persons URL as PostHog's app does and compares the cohort with the list. */
async function saveAndCompare(personsUrl: string, insight: string) {
  const expected = await listed(personsUrl);
  expect(expected.length).toBeGreaterThan(0);
  const params = new URLSearchParams(new URL(personsUrl, baseUrl).search);
  params.set("insight", insight);
  params.set("is_static", "true");
  const created = await owner.session.post(path(`cohorts/?${params}`), { name: `From ${insight}`, is_static: true });
  expect(created.status, created.text).toBe(201);
  // Written before the answer: nothing left to calculate, nothing a restart could lose.
  expect(created.body).toMatchObject({ is_static: true, is_calculating: false, errors_calculating: 0, count: expected.length });
  const cohort = await calculated(owner.session, created.body.id);
  expect(cohort).toMatchObject({ is_static: true, errors_calculating: 0, count: expected.length });
  expect(await members(created.body.id)).toEqual(expected);
}

const series = JSON.stringify([{ id: "buy", type: "events", order: 0 }]);

beforeAll(async () => {
  owner = await signUp(baseUrl);
  stranger = await signUp(baseUrl);
  await sendEvents(baseUrl, owner, events(Date.now()));
  const deadline = Date.now() + 60_000;
  while ((await owner.session.get(path("persons/?limit=100"))).body.results?.length !== 24) {
    if (Date.now() > deadline) throw new Error("persons not ingested");
    await new Promise((r) => setTimeout(r, 200));
  }
});

describe("save as cohort from each analysis's persons list", () => {
  test("trends", async () => {
    const trend = await owner.session.get(path(`insights/trend/?events=${encodeURIComponent(series)}&date_from=-14d`));
    expect(trend.status, trend.text).toBe(200);
    const point = trend.body.result[0].persons_urls.find((_: unknown, i: number) => trend.body.result[0].data[i] > 0);
    await saveAndCompare(point.url, "TRENDS");
  });

  test("stickiness", async () => {
    const sticky = await owner.session.get(
      path(`insights/trend/?insight=STICKINESS&shown_as=Stickiness&events=${encodeURIComponent(series)}&date_from=-14d`),
    );
    expect(sticky.status, sticky.text).toBe(200);
    await saveAndCompare(sticky.body.result[0].persons_urls[0].url, "STICKINESS");
  });

  test("lifecycle (the persons of a status bar)", async () => {
    const life = await owner.session.get(
      path(`insights/trend/?insight=LIFECYCLE&shown_as=Lifecycle&events=${encodeURIComponent(series)}&date_from=-14d`),
    );
    expect(life.status, life.text).toBe(200);
    const bar = life.body.result.find((r: any) => r.data.some((v: number) => v !== 0));
    await saveAndCompare(bar.persons_urls[bar.data.findIndex((v: number) => v !== 0)].url, "LIFECYCLE");
  });

  const funnel = JSON.stringify([
    { id: "signup", type: "events", order: 0 },
    { id: "buy", type: "events", order: 1 },
  ]);
  test("funnels: a step's converted and dropped-off persons, and a breakdown value's", async () => {
    const steps = await owner.session.get(path(`insights/funnel/?events=${encodeURIComponent(funnel)}&date_from=-14d`));
    expect(steps.status, steps.text).toBe(200);
    await saveAndCompare(steps.body.result[1].converted_people_url, "FUNNELS");
    await saveAndCompare(steps.body.result[1].dropped_people_url, "FUNNELS");
    const broken = await owner.session.get(
      path(`insights/funnel/?events=${encodeURIComponent(funnel)}&date_from=-14d&breakdown=$browser&breakdown_type=event`),
    );
    expect(broken.status, broken.text).toBe(200);
    await saveAndCompare(broken.body.result[0][1].converted_people_url, "FUNNELS");
  });

  test("retention", async () => {
    const retention = await owner.session.get(
      path(
        `insights/retention/?target_entity=${encodeURIComponent(JSON.stringify({ id: "signup", type: "events" }))}&returning_entity=${encodeURIComponent(JSON.stringify({ id: "buy", type: "events" }))}&period=Day&total_intervals=10`,
      ),
    );
    expect(retention.status, retention.text).toBe(200);
    const row = retention.body.result.find((r: any) => r.values[0].count > 0);
    await saveAndCompare(row.people_url, "RETENTION");
  });
});

describe("refused", () => {
  const save = (query: string, user = owner, project = owner) =>
    user.session.post(path(`cohorts/?${query}`, project), { name: "x", is_static: true });

  test("paths have no persons list: 400 naming insight", async () => {
    const refused = await save("insight=PATHS&date_from=-7d");
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toMatchObject({ type: "validation_error", attr: "insight" });
  });

  test("another organization's project is not reachable", async () => {
    const refused = await save(
      `insight=TRENDS&events=${encodeURIComponent(series)}&entity_id=buy&date_from=-7d&date_to=-1d`,
      owner,
      stranger,
    );
    expect([403, 404]).toContain(refused.status);
  });

  test("a persons URL naming another project's cohort is refused", async () => {
    const theirs = await stranger.session.post(path("cohorts/", stranger), {
      name: "theirs",
      filters: { properties: { type: "AND", values: [{ type: "person", key: "a", operator: "is_set" }] } },
    });
    expect(theirs.status, theirs.text).toBe(201);
    const properties = encodeURIComponent(JSON.stringify([{ type: "cohort", key: "id", value: theirs.body.id }]));
    const refused = await save(
      `insight=TRENDS&events=${encodeURIComponent(series)}&entity_id=buy&date_from=-7d&date_to=-1d&properties=${properties}`,
    );
    expect([400, 404]).toContain(refused.status);
    expect(refused.body.type).toBeDefined();
  });

  test("group actors, unknown insights, huge rows and bad steps are 400s, and save no cohort", async () => {
    const before = (await owner.session.get(path("cohorts/?limit=100"))).body.count;
    const week = `date_from=${encodeURIComponent(new Date(Date.now() - 7 * DAY).toISOString())}&date_to=${encodeURIComponent(new Date().toISOString())}`;
    const companies = encodeURIComponent(
      JSON.stringify([{ id: "buy", type: "events", order: 0, math: "unique_group", math_group_type_index: 0 }]),
    );
    for (const query of [
      `insight=TRENDS&events=${companies}&entity_id=buy&${week}`,
      `insight=TRENDS&events=${encodeURIComponent(series)}&entity_id=buy&date_from=yesterday-ish&date_to=now`,
      `insight=TRENDS&events=${encodeURIComponent(series)}&entity_id=signup&${week}`,
      `insight=TRENDS&events=${encodeURIComponent(series)}&entity_id=buy&${week}&breakdown=plan&breakdown_value=${encodeURIComponent("$$_posthog_breakdown_other_$$")}`,
      `insight=FUNNELS&funnel_step=1&aggregation_group_type_index=0&events=${encodeURIComponent(series)}`,
      "insight=SESSIONS",
      `insight=RETENTION&breakdown_values=${encodeURIComponent(JSON.stringify(Array.from({ length: 500 }, (_, i) => i)))}`,
      "insight=LIFECYCLE&lifecycle_type=zombie&target_date=2024-01-01",
    ]) {
      const refused = await save(query);
      expect(refused.status, `${query.slice(0, 60)}: ${refused.text}`).toBe(400);
      expect(refused.body.type).toBe("validation_error");
    }
    expect((await owner.session.get(path("cohorts/?limit=100"))).body.count).toBe(before);
  });
});

describe("validation", () => {
  test("a regex criterion RE2 cannot run is refused at create and update, naming the criterion", async () => {
    const criterion = (value: string) => ({
      properties: { type: "AND", values: [{ type: "AND", values: [{ type: "person", key: "email", operator: "regex", value }] }] },
    });
    const refused = await owner.session.post(path("cohorts/"), { name: "bad", filters: criterion("(?<=a)b") });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toMatchObject({ type: "validation_error", attr: "filters.properties.values.0.values.0" });
    const ok = await owner.session.post(path("cohorts/"), { name: "good", filters: criterion("^u1") });
    expect(ok.status, ok.text).toBe(201);
    const patched = await owner.session.patch(path(`cohorts/${ok.body.id}/`), { filters: criterion("(unclosed") });
    expect(patched.status, patched.text).toBe(400);
    expect(patched.body.attr).toBe("filters.properties.values.0.values.0");
  });

  test("a static cohort can be renamed", async () => {
    const params = new URLSearchParams({
      insight: "TRENDS",
      events: series,
      entity_id: "buy",
      date_from: new Date(Date.now() - 14 * DAY).toISOString(),
      date_to: new Date().toISOString(),
    });
    const created = await owner.session.post(path(`cohorts/?${params}`), { name: "before", is_static: true });
    await calculated(owner.session, created.body.id);
    const renamed = await owner.session.patch(path(`cohorts/${created.body.id}/`), { name: "after" });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: "after", is_static: true });
  });

  test("funnel trends refuse a cohort breakdown; time to convert ignores it", async () => {
    const mine = await owner.session.post(path("cohorts/"), {
      name: "all u",
      filters: { properties: { type: "AND", values: [{ type: "person", key: "x", operator: "is_not_set" }] } },
    });
    const funnel = encodeURIComponent(
      JSON.stringify([
        { id: "signup", order: 0 },
        { id: "buy", order: 1 },
      ]),
    );
    const breakdown = `breakdown_type=cohort&breakdown=${encodeURIComponent(JSON.stringify([mine.body.id]))}`;
    const trends = await owner.session.get(path(`insights/funnel/?events=${funnel}&funnel_viz_type=trends&date_from=-14d&${breakdown}`));
    expect(trends.status, trends.text).toBe(400);
    expect(trends.body).toMatchObject({ type: "validation_error", attr: "breakdown_type" });
    const plain = await owner.session.get(path(`insights/funnel/?events=${funnel}&funnel_viz_type=time_to_convert&date_from=-14d`));
    const broken = await owner.session.get(
      path(`insights/funnel/?events=${funnel}&funnel_viz_type=time_to_convert&date_from=-14d&${breakdown}`),
    );
    expect(broken.status, broken.text).toBe(200);
    expect(broken.body.result).toEqual(plain.body.result);
  });
});

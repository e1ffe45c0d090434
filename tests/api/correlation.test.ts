import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { projectToken, sendBatch, sendEvents, type SentEvent } from "../support/events";
import { mulberry32, personsOf } from "../support/reference";

const baseUrl = inject("baseUrl");
const correlationPath = (user: TestUser) => `/api/projects/${user.projectId}/insights/funnel/correlation/`;
const RANGE = { date_from: "2024-03-01", date_to: "2024-03-14" };
const FROM = Date.UTC(2024, 2, 1);
const TO = Date.UTC(2024, 2, 15) - 1;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------------------------------------------------
// Reference, from the definition (PostHog's funnel_correlation.py over docs/analytics.md's ordered
// funnel), independent of the SQL. Persons are distinct ids merged by `$identify`. A person entered the funnel
// when it did the first step in the range; an attempt starts at each first-step event, each later step being the
// earliest matching event at or after the previous one (strictly after when it is the same event) within the
// window from the first step. Its furthest step is its longest attempt; of those, the earliest started is the
// one whose bounds count: success = it reached the last step; its counted events are its events in the range,
// not named like a step, strictly after the attempt's first step and strictly before the attempt's last step
// (failures: before first step + window).
// ---------------------------------------------------------------------------------------------------------

interface Ev {
  event: string;
  distinct_id: string;
  ts: number;
  properties: Record<string, unknown>;
}

interface FunnelPerson {
  key: string;
  success: boolean;
  counted: Ev[];
  /** Attempts reaching the furthest step. */
  bestAttempts: number;
}

/** Each distinct id's person, as the sorted distinct ids of that person joined by "," (what the API lists). */
function personKeys(events: Ev[]): (distinctId: string) => string {
  const personOf = personsOf(events);
  const members = new Map<string, string[]>();
  const anonIds = events
    .map((e) => (e.event === "$identify" ? e.properties.$anon_distinct_id : undefined))
    .filter((d): d is string => typeof d === "string");
  for (const d of new Set([...events.map((e) => e.distinct_id), ...anonIds]))
    members.set(personOf(d), [...(members.get(personOf(d)) ?? []), d]);
  return (d) => members.get(personOf(d))!.sort().join(",");
}

function funnelPersons(all: Ev[], steps: string[], windowMs: number): FunnelPerson[] {
  const keyOf = personKeys(all);
  const byPerson = new Map<string, Ev[]>();
  for (const e of all) {
    if (e.ts < FROM || e.ts > TO) continue;
    const k = keyOf(e.distinct_id);
    byPerson.set(k, [...(byPerson.get(k) ?? []), e]);
  }
  const out: FunnelPerson[] = [];
  for (const [key, evs] of byPerson) {
    evs.sort((a, b) => a.ts - b.ts);
    const attempts: number[][] = [];
    for (const start of evs) {
      if (start.event !== steps[0]) continue;
      const times = [start.ts];
      for (let i = 1; i < steps.length; i++) {
        const prev = times[i - 1];
        const sameEvent = steps[i] === steps[i - 1];
        const next = evs.find((e) => e.event === steps[i] && (sameEvent ? e.ts > prev : e.ts >= prev) && e.ts <= start.ts + windowMs);
        if (!next) break;
        times.push(next.ts);
      }
      attempts.push(times);
    }
    if (!attempts.length) continue;
    const furthest = Math.max(...attempts.map((a) => a.length));
    const longest = attempts.filter((a) => a.length === furthest);
    const best = longest.sort((a, b) => a[0] - b[0] || a.at(-1)! - b.at(-1)!)[0];
    const success = furthest === steps.length;
    const end = success ? best.at(-1)! : best[0] + windowMs;
    const counted = evs.filter((e) => !steps.includes(e.event) && e.ts > best[0] && e.ts < end);
    out.push({ key, success, counted, bestAttempts: new Set(longest.map((a) => a[0])).size });
  }
  return out;
}

interface RefRow {
  name: string;
  success: number;
  failure: number;
  odds: number;
  type: "success" | "failure";
}

/** Rows of (name → persons), then PostHog's significance, odds ratio (prior 1) and top 10 + top 10. */
function rank(persons: FunnelPerson[], visits: Map<string, Set<FunnelPerson>>): { rows: RefRow[]; skewed: boolean; significant: RefRow[] } {
  const S = persons.filter((p) => p.success).length;
  const F = persons.length - S;
  if (!S || !F) return { rows: [], skewed: true, significant: [] };
  const rows: RefRow[] = [];
  for (const [name, who] of visits) {
    const s = [...who].filter((p) => p.success).length;
    const f = who.size - s;
    if (s + f < Math.min(25, 0.02 * (S + F))) continue;
    const odds = ((s + 1) * (F - f + 1)) / ((S - s + 1) * (f + 1));
    rows.push({ name, success: s, failure: f, odds, type: odds > 1 ? "success" : "failure" });
  }
  const byName = (a: RefRow, b: RefRow) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const up = rows.filter((r) => r.type === "success").sort((a, b) => b.odds - a.odds || byName(a, b));
  const down = rows.filter((r) => r.type === "failure").sort((a, b) => a.odds - b.odds || byName(a, b));
  return { rows: [...up.slice(0, 10), ...down.slice(0, 10)], skewed: S / F > 10 || F / S > 10, significant: rows };
}

const text = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

function add(visits: Map<string, Set<FunnelPerson>>, name: string, p: FunnelPerson) {
  if (!visits.has(name)) visits.set(name, new Set());
  visits.get(name)!.add(p);
}

function referenceEvents(persons: FunnelPerson[], excluded: string[] = []) {
  const visits = new Map<string, Set<FunnelPerson>>();
  for (const p of persons) for (const e of p.counted) if (!excluded.includes(e.event)) add(visits, e.event, p);
  return rank(persons, visits);
}

function referenceEventProperties(persons: FunnelPerson[], names: string[], excludedKeys: string[] = []) {
  const visits = new Map<string, Set<FunnelPerson>>();
  for (const p of persons)
    for (const e of p.counted) {
      if (!names.includes(e.event)) continue;
      // As stored: capture records the sender's address, the test's loopback one, as the events' `$ip`.
      const stored = { $ip: "127.0.0.1", ...e.properties };
      for (const [k, v] of Object.entries(stored)) if (!excludedKeys.includes(k)) add(visits, `${e.event}::${k}::${text(v)}`, p);
    }
  // Only values more than 2 persons have.
  for (const [name, who] of visits) if (who.size <= 2) visits.delete(name);
  return rank(persons, visits);
}

function referenceProperties(persons: FunnelPerson[], propertyOf: (key: string) => Record<string, unknown>, names: string[]) {
  const visits = new Map<string, Set<FunnelPerson>>();
  for (const p of persons) for (const n of names) add(visits, `${n}::${text(propertyOf(p.key)[n] ?? "")}`, p);
  return rank(persons, visits);
}

// ---------------------------------------------------------------------------------------------------------
// Generated events: persons with one or two distinct ids (merged by `$identify`), a propensity to convert that
// also drives which other events they do, events on a 5-minute grid (ties, window edges), some outside the range.
// ---------------------------------------------------------------------------------------------------------

const NOISE = Array.from({ length: 30 }, (_, i) => `n${i}`);

function generate(seed: number, count: number) {
  const r = mulberry32(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const events: Ev[] = [];
  const tiers = new Map<string, string | undefined>();
  for (let p = 0; p < count; p++) {
    const ids = [`anon-${seed}-${p}`];
    if (r() < 0.5) ids.push(`user-${seed}-${p}`);
    const tier = pick(["free", "pro", "team", undefined]);
    for (const id of ids) tiers.set(id, tier);
    const propensity = r();
    const start = FROM + Math.floor(r() * 15 - 1) * DAY + Math.floor(r() * 24) * HOUR;
    const grid = () => start + Math.floor(r() * 16) * 5 * MINUTE;
    const push = (event: string, ts: number, properties: Record<string, unknown> = {}) =>
      events.push({ event, distinct_id: pick(ids), ts, properties });
    const entered = grid();
    push("a", entered);
    if (r() < 0.3) push("a", grid());
    const step = () => Math.floor(r() * 8) * 5 * MINUTE;
    const b = entered + step();
    if (r() < propensity + 0.2) push("b", b);
    if (r() < propensity + 0.2) push("c", b + step());
    if (r() < 0.2) push("c", grid() + DAY * Math.floor(r() * 3));
    push("$pageview", grid(), { $current_url: pick(["/", "/pricing"]) });
    for (let k = 0; k < 12; k++) {
      // Low-numbered noise events go with converting persons, high-numbered with the others.
      const i = Math.min(NOISE.length - 1, Math.floor((r() * 0.5 + (1 - propensity) * 0.5) * NOISE.length));
      // Converting persons tend to do them soon after entering (within their a → c).
      const ts = r() < propensity ? entered + Math.floor(r() * 6) * MINUTE : grid();
      push(NOISE[i], ts, { plan: pick(["free", "pro"]), src: pick(["ad", "seo", "mail"]), n: pick([1, 2]) });
    }
    if (tier) for (const id of ids) events.push({ event: "seen", distinct_id: id, ts: start - HOUR, properties: { $set: { tier } } });
    if (ids.length === 2) events.push({ event: "$identify", distinct_id: ids[1], ts: grid(), properties: { $anon_distinct_id: ids[0] } });
  }
  return { events, tiers };
}

async function sendAll(user: TestUser, evs: Ev[]) {
  const sent: SentEvent[] = evs.map((e) => ({
    event: e.event,
    distinct_id: e.distinct_id,
    timestamp: new Date(e.ts).toISOString(),
    properties: e.properties,
  }));
  await sendEvents(baseUrl, user, sent);
}

const entities = (ids: string[]) => ids.map((id, order) => ({ id, type: "events", order }));
const summary = (events: any[]) => events.map((e) => [e.event.event, e.success_count, e.failure_count, e.correlation_type]);
const refSummary = (rows: RefRow[]) => rows.map((r) => [r.name, r.success, r.failure, r.type]);

function expectMatches(result: any, ref: { rows: RefRow[]; skewed: boolean }) {
  expect(summary(result.events)).toEqual(refSummary(ref.rows));
  result.events.forEach((e: any, i: number) => {
    expect(e.odds_ratio).toBeCloseTo(ref.rows[i].odds, 9);
  });
  expect(result.skewed).toBe(ref.skewed);
}

/** The persons a people URL lists, as their keys (sorted distinct ids), all pages. */
async function personsAt(user: TestUser, url: string): Promise<string[]> {
  const keys: string[] = [];
  let next: string | null = url;
  while (next) {
    const page: any = await user.session.get(next);
    expect(page.status, page.text).toBe(200);
    keys.push(...page.body.results[0].people.map((p: any) => [...p.distinct_ids].sort().join(",")));
    next = page.body.next;
  }
  return keys.sort();
}

describe("funnel correlation against the reference", () => {
  let user: TestUser;
  let all: Ev[];
  let tiers: Map<string, string | undefined>;
  const steps = ["a", "b", "c"];
  const WINDOW = HOUR;
  const funnel = { events: entities(steps), funnel_window_interval: 1, funnel_window_interval_unit: "hour", ...RANGE };
  let persons: FunnelPerson[];

  beforeAll(async () => {
    user = await signUp(baseUrl);
    const generated = generate(23, 320);
    all = generated.events;
    tiers = generated.tiers;
    // The merges go last: they apply to every earlier event of the merged ids.
    await sendAll(
      user,
      all.filter((e) => e.event !== "$identify"),
    );
    await sendAll(
      user,
      all.filter((e) => e.event === "$identify"),
    );
    persons = funnelPersons(all, steps, WINDOW);
  }, 120_000);

  test("the generated data exercises it", () => {
    const successes = persons.filter((p) => p.success).length;
    expect(successes).toBeGreaterThan(30);
    expect(persons.length - successes).toBeGreaterThan(30);
    // Persons with several attempts reaching their furthest step: which attempt bounds the events matters.
    expect(persons.filter((p) => p.bestAttempts > 1).length).toBeGreaterThan(10);
    const ref = referenceEvents(persons);
    // More than 10 significant rows each way: both lists are cut.
    expect(ref.significant.filter((r) => r.type === "success").length).toBeGreaterThan(10);
    expect(ref.significant.filter((r) => r.type === "failure").length).toBeGreaterThan(10);
    // Some rows are left out as insignificant.
    expect(ref.significant.length).toBeLessThan(new Set(persons.flatMap((p) => p.counted.map((e) => e.event))).size);
  });

  test("events (the default), with step events and the excluded left out", async () => {
    const response = await user.session.post(correlationPath(user), funnel);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ is_cached: false, timezone: "UTC" });
    expect(typeof response.body.last_refresh).toBe("string");
    expectMatches(response.body.result, referenceEvents(persons));
    // $-prefixed events count like any other (PostHog leaves them to the caller's exclusions).
    const excluded = ["n1", "n28", "$pageview"];
    const narrowed = await user.session.post(correlationPath(user), { ...funnel, funnel_correlation_exclude_event_names: excluded });
    expectMatches(narrowed.body.result, referenceEvents(persons, excluded));
  });

  test("the people URLs list exactly the persons counted", async () => {
    const { body } = await user.session.post(correlationPath(user), funnel);
    for (const row of [body.result.events[0], body.result.events.at(-1)]) {
      const name = row.event.event;
      const did = persons.filter((p) => p.counted.some((e) => e.event === name));
      expect(row.success_people_url).toMatch(new RegExp(`^${baseUrl}/api/person/funnel/correlation/\\?`));
      expect(await personsAt(user, row.success_people_url)).toEqual(
        did
          .filter((p) => p.success)
          .map((p) => p.key)
          .sort(),
      );
      expect(await personsAt(user, row.failure_people_url)).toEqual(
        did
          .filter((p) => !p.success)
          .map((p) => p.key)
          .sort(),
      );
    }
  });

  test("event_with_properties", async () => {
    const names = ["n3", "n25"];
    const response = await user.session.post(correlationPath(user), {
      ...funnel,
      funnel_correlation_type: "event_with_properties",
      funnel_correlation_event_names: names,
    });
    expect(response.status, response.text).toBe(200);
    const ref = referenceEventProperties(persons, names);
    expect(ref.rows.length).toBeGreaterThan(4);
    expectMatches(response.body.result, ref);
    const row = response.body.result.events[0];
    const [event, key, value] = row.event.event.split("::");
    const did = persons.filter((p) => p.counted.some((e) => e.event === event && text(e.properties[key]) === value));
    expect(await personsAt(user, row.success_people_url)).toEqual(
      did
        .filter((p) => p.success)
        .map((p) => p.key)
        .sort(),
    );

    const narrowed = await user.session.post(correlationPath(user), {
      ...funnel,
      funnel_correlation_type: "event_with_properties",
      funnel_correlation_event_names: names,
      funnel_correlation_event_exclude_property_names: ["src", "n"],
    });
    expectMatches(narrowed.body.result, referenceEventProperties(persons, names, ["src", "n"]));
  });

  test("properties (person properties, missing ones as '')", async () => {
    const propertyOf = (key: string) => {
      const tier = tiers.get(key.split(",")[0]);
      return tier ? { tier } : {};
    };
    const response = await user.session.post(correlationPath(user), {
      ...funnel,
      funnel_correlation_type: "properties",
      funnel_correlation_names: ["tier"],
    });
    expect(response.status, response.text).toBe(200);
    const ref = referenceProperties(persons, propertyOf, ["tier"]);
    expect(ref.rows).toHaveLength(4);
    expectMatches(response.body.result, ref);
    for (const row of response.body.result.events) {
      const value = row.event.event.split("::")[1];
      const has = persons.filter((p) => text(propertyOf(p.key).tier ?? "") === value);
      expect(row.failure_people_url).toMatch(/\/api\/person\/funnel\/correlation\?/);
      expect(await personsAt(user, row.failure_people_url)).toEqual(
        has
          .filter((p) => !p.success)
          .map((p) => p.key)
          .sort(),
      );
    }
  });

  test("GET with the filter as query parameters; the cache; refresh", async () => {
    const body = { ...funnel, funnel_correlation_exclude_event_names: ["n5"] };
    const first = await user.session.post(correlationPath(user), body);
    const query = new URLSearchParams({
      events: JSON.stringify(funnel.events),
      funnel_window_interval: "1",
      funnel_window_interval_unit: "hour",
      funnel_correlation_exclude_event_names: JSON.stringify(["n5"]),
      ...RANGE,
    });
    const viaGet = await user.session.get(`${correlationPath(user)}?${query}`);
    expect(viaGet.status, viaGet.text).toBe(200);
    expect(summary(viaGet.body.result.events)).toEqual(summary(first.body.result.events));
    const again = await user.session.post(correlationPath(user), body);
    expect(again.body.is_cached).toBe(true);
    expect(again.body.last_refresh).toBe(first.body.last_refresh);
    const refreshed = await user.session.post(correlationPath(user), { ...body, refresh: true });
    expect(refreshed.body.is_cached).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Hand-computed cases.
// ---------------------------------------------------------------------------------------------------------

const at = (day: number, h: number, m = 0, s = 0) => new Date(Date.UTC(2024, 2, day, h, m, s)).toISOString();

describe("hand-computed funnel correlation", () => {
  let user: TestUser;
  const body = { events: entities(["a", "b"]), funnel_window_interval: 1, funnel_window_interval_unit: "hour", ...RANGE };

  beforeAll(async () => {
    user = await signUp(baseUrl);
    const sent: SentEvent[] = [];
    // 3 successes who watched the video, 1 success who did not; 1 failure who watched it, 3 who did not (one of
    // them watched it after its window, another before entering the funnel).
    for (const [who, watched] of [
      ["s1", 1],
      ["s2", 1],
      ["s3", 1],
      ["s4", 0],
    ] as const) {
      sent.push({ event: "a", distinct_id: who, timestamp: at(2, 10) });
      if (watched) sent.push({ event: "video", distinct_id: who, timestamp: at(2, 10, 10) });
      sent.push({ event: "b", distinct_id: who, timestamp: at(2, 10, 20) });
    }
    sent.push({ event: "a", distinct_id: "f1", timestamp: at(3, 10) }, { event: "video", distinct_id: "f1", timestamp: at(3, 10, 59, 59) });
    sent.push({ event: "a", distinct_id: "f2", timestamp: at(3, 10) }, { event: "video", distinct_id: "f2", timestamp: at(3, 11) });
    sent.push({ event: "video", distinct_id: "f3", timestamp: at(3, 9) }, { event: "a", distinct_id: "f3", timestamp: at(3, 10) });
    sent.push({ event: "a", distinct_id: "f4", timestamp: at(3, 10) }, { event: "b", distinct_id: "f4", timestamp: at(3, 11, 0, 1) });
    expect((await sendBatch(baseUrl, projectToken(user), sent)).status).toBe(200);
  });

  test("odds ratio with a prior of 1", async () => {
    const response = await user.session.post(correlationPath(user), body);
    expect(response.status, response.text).toBe(200);
    // video: success 3 of 4, failure 1 of 4: (3 + 1)(3 + 1) / ((1 + 1)(1 + 1)) = 4.
    expect(response.body.result).toEqual({
      events: [
        {
          success_count: 3,
          success_people_url: expect.stringMatching(
            /^http:\/\/.+\/api\/person\/funnel\/correlation\/\?.*funnel_correlation_person_converted=true/,
          ),
          failure_count: 1,
          failure_people_url: expect.stringMatching(/funnel_correlation_person_converted=false/),
          odds_ratio: 4,
          correlation_type: "success",
          event: { event: "video", properties: {}, elements: [] },
        },
      ],
      skewed: false,
    });
    const row = response.body.result.events[0];
    const failed = await user.session.get(row.failure_people_url);
    expect(failed.body.results[0].people.map((p: any) => p.distinct_ids)).toEqual([["f1"]]);
    // Paged by funnel_correlation_person_limit/offset.
    const url = new URL(row.success_people_url);
    url.searchParams.set("funnel_correlation_person_limit", "2");
    const page1 = await user.session.get(url.toString());
    expect(page1.body.results[0].count).toBe(2);
    expect(page1.body.next).toMatch(/funnel_correlation_person_offset=2/);
    const page2 = await user.session.get(page1.body.next);
    expect(page2.body.results[0].count).toBe(1);
    expect(page2.body.next).toBeNull();
    const listed = [...page1.body.results[0].people, ...page2.body.results[0].people].map((p: any) => p.distinct_ids[0]).sort();
    expect(listed).toEqual(["s1", "s2", "s3"]);
    // The same listing through the project's path.
    const projectUrl = `/api/projects/${user.projectId}/persons/funnel/correlation/${url.search}`;
    expect((await user.session.get(projectUrl)).body.results[0].count).toBe(2);
  });

  test("no failures: nothing to compare, skewed", async () => {
    const response = await user.session.post(correlationPath(user), { ...body, funnel_step: 2 });
    expect(response.body.result).toEqual({ events: [], skewed: true });
  });

  test("bad input: 400s", async () => {
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ events: entities(["a"]) }, /at least two steps/],
      [{ events: [] }, /at least two steps/],
      [{ funnel_correlation_type: "sideways" }, /not a valid choice/],
      [{ funnel_correlation_type: "properties" }, "Property Correlation expects atleast one Property to run correlation on"],
      [
        { funnel_correlation_type: "event_with_properties" },
        "Event Property Correlation expects atleast one event name to run correlation on",
      ],
      [{ funnel_correlation_exclude_event_names: "video" }, /./],
      [{ funnel_order_type: "sideways" }, /funnel_order_type/],
      [{ exclusions: [{ id: "x", type: "events", funnel_from_step: 1, funnel_to_step: 1 }] }, /End of range should be greater than start/],
      [{ funnel_step: 5 }, /funnel_step/],
    ];
    for (const [extra, detail] of cases) {
      const response = await user.session.post(correlationPath(user), { ...body, ...extra });
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(response.body.type).toBe("validation_error");
      expect(response.body.detail).toMatch(detail);
    }
    const persons = (query: Record<string, string>) =>
      user.session.get(`/api/person/funnel/correlation/?${new URLSearchParams({ events: JSON.stringify(body.events), ...query })}`);
    expect((await persons({})).body.detail).toBe("No entity for persons specified");
    expect((await persons({ funnel_correlation_type: "properties" })).body.detail).toBe(
      "Property Correlation expects atleast one Property to get persons for",
    );
    expect((await persons({ funnel_correlation_person_entity: "{not json" })).status).toBe(400);
  });

  test("who may ask: session users of the project; personal API keys refused", async () => {
    expect((await user.session.post(correlationPath(user), body)).status).toBe(200);
    for (const scopes of [["*"], ["insight:read"], ["insight:write"]]) {
      const key = await user.key(scopes);
      const refused = await key.post(correlationPath(user), body);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe("This action does not support Personal API Key access");
      expect((await key.get(`${correlationPath(user)}?events=${encodeURIComponent(JSON.stringify(body.events))}`)).status).toBe(403);
    }
    const stranger = await signUp(baseUrl);
    const denied = await stranger.session.post(correlationPath(user), body);
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe("You don't have access to the project.");
    expect((await user.session.post("/api/projects/999999999/insights/funnel/correlation/", body)).status).toBe(404);
    const anonymous = await fetch(new URL(correlationPath(user), baseUrl), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(anonymous.status).toBe(401);
  });

  test("the persons listing: person:read keys, the caller's own project only", async () => {
    const { body: answer } = await user.session.post(correlationPath(user), body);
    const url = answer.result.events[0].success_people_url as string;
    const reader = await user.key(["person:read"]);
    expect((await reader.get(url)).status).toBe(200);
    const insightsOnly = await user.key(["insight:read"]);
    expect((await insightsOnly.get(url)).status).toBe(403);
    // Another user's current project is their own: the listing is of their (empty) project.
    const stranger = await signUp(baseUrl);
    const theirs = await stranger.session.get(url);
    expect(theirs.status).toBe(200);
    expect(theirs.body.results[0].people).toEqual([]);
    const search = new URL(url).search;
    expect((await stranger.session.get(`/api/projects/${user.projectId}/persons/funnel/correlation/${search}`)).status).toBe(403);
  });
});

import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { projectToken, sendBatch, type SentEvent } from "../support/events";

const baseUrl = inject("baseUrl");

// Reference (docs/analytics.md S1, S11–S12, ordered funnel), written independently of the SQL: persons are
// the union of distinct ids merged by `$identify`; an attempt starts at each first-step event, each later step
// is the earliest matching event at or after the previous step and within the window from the first step.

interface Ev {
  event: string;
  distinct_id: string;
  ts: number;
  properties: Record<string, unknown>;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1103515245 + 12345) >>> 0;
    return s / 2 ** 32;
  };
}

const DAY = 86_400_000;
const FROM = Date.UTC(2024, 2, 1);
const TO = Date.UTC(2024, 2, 15) - 1;

function generate(seed: number, persons: number): Ev[] {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const out: Ev[] = [];
  for (let p = 0; p < persons; p++) {
    const ids = [`anon-${seed}-${p}`];
    if (r() < 0.5) ids.push(`user-${seed}-${p}`);
    const start = FROM + Math.floor(r() * 16 - 1) * DAY + Math.floor(r() * 24) * 3_600_000;
    const count = 1 + Math.floor(r() * 10);
    const browser = pick(["Chrome", "Firefox"]);
    for (let k = 0; k < count; k++) {
      let ts = start + Math.floor(r() * 12) * 1_800_000;
      if (r() < 0.1) ts += Math.floor(r() * 20) * DAY;
      out.push({
        event: pick(["a", "a", "b", "b", "c", "x"]),
        distinct_id: pick(ids),
        ts,
        properties: { $browser: browser, kind: pick(["x", "y", "z"]) },
      });
    }
    if (ids.length === 2)
      out.push({ event: "$identify", distinct_id: ids[1], ts: start + 60_000, properties: { $anon_distinct_id: ids[0] } });
  }
  return out;
}

function groupsOf(events: Ev[]): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (d: string): string => {
    const p = parent.get(d) ?? d;
    if (p === d) return d;
    const root = find(p);
    parent.set(d, root);
    return root;
  };
  for (const e of events) {
    if (!parent.has(e.distinct_id)) parent.set(e.distinct_id, e.distinct_id);
    const anon = e.properties.$anon_distinct_id;
    if (e.event === "$identify" && typeof anon === "string") {
      if (!parent.has(anon)) parent.set(anon, anon);
      const a = find(anon);
      const b = find(e.distinct_id);
      if (a !== b) parent.set(a, b);
    }
  }
  return new Map([...parent.keys()].map((d) => [d, find(d)]));
}

/** Per person (key: sorted distinct ids joined by ","), the furthest step (1-based; absent when not entered). */
function referenceFurthest(
  events: Ev[],
  steps: string[],
  windowMs: number,
  breakdown?: string,
): Map<string, { furthest: number; bd: string }> {
  const root = groupsOf(events);
  const members = new Map<string, string[]>();
  for (const [d, r] of root) members.set(r, [...(members.get(r) ?? []), d]);
  const keyOf = (r: string) => members.get(r)!.sort().join(",");
  const byPerson = new Map<string, Ev[]>();
  for (const e of events) {
    if (e.ts < FROM || e.ts > TO || !steps.includes(e.event)) continue;
    const r = root.get(e.distinct_id)!;
    byPerson.set(r, [...(byPerson.get(r) ?? []), e]);
  }
  const result = new Map<string, { furthest: number; bd: string }>();
  for (const [r, evs] of byPerson) {
    evs.sort((x, y) => x.ts - y.ts);
    let furthest = 0;
    for (const first of evs.filter((e) => e.event === steps[0])) {
      let reached = 1;
      let prev = first.ts;
      for (let i = 1; i < steps.length; i++) {
        const next = evs.find((e) => e.event === steps[i] && e.ts >= prev && e.ts <= first.ts + windowMs);
        if (!next) break;
        reached++;
        prev = next.ts;
      }
      furthest = Math.max(furthest, reached);
    }
    if (furthest === 0) continue;
    // First touch: the breakdown value of the person's earliest step event having the property.
    const bd = breakdown
      ? String(evs.find((e) => steps.includes(e.event) && e.properties[breakdown] !== undefined)?.properties[breakdown] ?? "")
      : "";
    result.set(keyOf(r), { furthest, bd });
  }
  return result;
}

async function sendAll(user: TestUser, evs: Ev[]) {
  const sent: SentEvent[] = evs.map((e) => ({
    event: e.event,
    distinct_id: e.distinct_id,
    timestamp: new Date(e.ts).toISOString(),
    properties: e.properties,
  }));
  for (let i = 0; i < sent.length; i += 500) {
    const response = await sendBatch(baseUrl, projectToken(user), sent.slice(i, i + 500));
    expect(response.status).toBe(200);
  }
}

const keyOfPerson = (p: { distinct_ids: string[] }) => [...p.distinct_ids].sort().join(",");

async function listAll(user: TestUser, url: string): Promise<any[]> {
  const people: any[] = [];
  let next: string | null = url;
  while (next) {
    const page: { status: number; body: any; text: string } = await user.session.get(
      next.startsWith("http") ? new URL(next).pathname + new URL(next).search : next,
    );
    expect(page.status, page.text).toBe(200);
    expect(page.body.results).toHaveLength(1);
    expect(page.body.results[0].count).toBe(page.body.results[0].people.length);
    people.push(...page.body.results[0].people);
    next = page.body.next;
  }
  return people;
}

describe("persons behind funnel steps", () => {
  let user: TestUser;
  let events: Ev[];
  const STEPS = ["a", "b", "c"];
  const filter = {
    events: STEPS.map((id, order) => ({ id, type: "events", order })),
    date_from: "2024-03-01",
    date_to: "2024-03-14",
    funnel_window_interval: 1,
    funnel_window_interval_unit: "day",
  };

  beforeAll(async () => {
    user = await signUp(baseUrl);
    events = generate(7, 120);
    await sendAll(user, events);
  });

  test("each step's converted and dropped people are exactly the persons counted (merged persons too)", async () => {
    const ref = referenceFurthest(events, STEPS, DAY);
    const funnel = await user.session.post(`/api/projects/${user.projectId}/insights/funnel/`, filter);
    expect(funnel.status, funnel.text).toBe(200);
    const steps = funnel.body.result;
    expect(steps.map((s: any) => s.count)).toEqual(STEPS.map((_, i) => [...ref.values()].filter((v) => v.furthest >= i + 1).length));
    expect([...ref.keys()].some((k) => k.includes(","))).toBe(true);
    for (let i = 0; i < STEPS.length; i++) {
      const converted = await listAll(user, steps[i].converted_people_url);
      expect(converted.length).toBe(steps[i].count);
      const expected = [...ref.entries()]
        .filter(([, v]) => v.furthest >= i + 1)
        .map(([k]) => k)
        .sort();
      expect(converted.map(keyOfPerson).sort()).toEqual(expected);
      for (const p of converted) {
        expect(p.id).toBe(p.uuid);
        expect(typeof p.name).toBe("string");
        expect(typeof p.is_identified).toBe("boolean");
      }
      if (i === 0) {
        expect(steps[i].dropped_people_url).toBeNull();
        continue;
      }
      const dropped = await listAll(user, steps[i].dropped_people_url);
      expect(dropped.length).toBe(steps[i - 1].count - steps[i].count);
      const expectedDropped = [...ref.entries()]
        .filter(([, v]) => v.furthest === i)
        .map(([k]) => k)
        .sort();
      expect(dropped.map(keyOfPerson).sort()).toEqual(expectedDropped);
    }
  });

  test("paging with limit/offset gives every person once; project-scoped URL gives the same", async () => {
    const funnel = await user.session.post(`/api/projects/${user.projectId}/insights/funnel/`, filter);
    const url = new URL(funnel.body.result[0].converted_people_url, baseUrl);
    const all = await listAll(user, `${url.pathname}${url.search}`);
    url.searchParams.set("limit", "7");
    const paged = await listAll(user, `${url.pathname}${url.search}`);
    expect(paged.map((p) => p.id)).toEqual(all.map((p) => p.id));
    const scoped = await listAll(user, `/api/projects/${user.projectId}/persons/funnel/${url.search}`);
    expect(scoped.length).toBe(funnel.body.result[0].count);
    const post = await user.session.post(`/api/projects/${user.projectId}/persons/funnel/`, { ...filter, funnel_step: -2 });
    expect(post.status, post.text).toBe(200);
    expect(post.body.results[0].people.length).toBe(funnel.body.result[0].count - funnel.body.result[1].count);
  });

  test("breakdown steps list the persons of their breakdown value", async () => {
    const ref = referenceFurthest(events, STEPS, DAY, "$browser");
    const funnel = await user.session.post(`/api/projects/${user.projectId}/insights/funnel/`, {
      ...filter,
      breakdown: "$browser",
      breakdown_type: "event",
    });
    expect(funnel.status, funnel.text).toBe(200);
    expect(funnel.body.result.length).toBe(2);
    for (const steps of funnel.body.result) {
      for (let i = 0; i < STEPS.length; i++) {
        const people = await listAll(user, steps[i].converted_people_url);
        expect(people.length).toBe(steps[i].count);
        const expected = [...ref.entries()]
          .filter(([, v]) => v.furthest >= i + 1 && v.bd === steps[i].breakdown_value)
          .map(([k]) => k)
          .sort();
        expect(people.map(keyOfPerson).sort()).toEqual(expected);
      }
    }
  });

  test("errors and access", async () => {
    const bad = await user.session.get(
      `/api/projects/${user.projectId}/persons/funnel/?events=${encodeURIComponent(JSON.stringify(filter.events))}&funnel_step=9`,
    );
    expect(bad.status).toBe(400);
    const other = await signUp(baseUrl);
    const denied = await other.session.get(`/api/projects/${user.projectId}/persons/funnel/?funnel_step=1`);
    expect(denied.status).toBe(403);
    const noScope = await user.key(["insight:read"]);
    const refused = await noScope.get(`/api/projects/${user.projectId}/persons/funnel/?funnel_step=1`);
    expect(refused.status).toBe(403);
    const withScope = await user.key(["person:read"]);
    const ok = await withScope.get(
      `/api/projects/${user.projectId}/persons/funnel/?events=${encodeURIComponent(JSON.stringify(filter.events))}&date_from=2024-03-01&date_to=2024-03-14&funnel_step=1`,
    );
    expect(ok.status, ok.text).toBe(200);
  });
});

/** Per UTC day of the range: the persons (keys as above) with an event `event` that day (and `kind` value). */
function referenceDaily(events: Ev[], event: string, kind?: string): Map<string, string[]> {
  const root = groupsOf(events);
  const members = new Map<string, string[]>();
  for (const [d, r] of root) members.set(r, [...(members.get(r) ?? []), d]);
  const out = new Map<string, Set<string>>();
  for (const e of events) {
    if (e.ts < FROM || e.ts > TO || e.event !== event) continue;
    if (kind !== undefined && e.properties.kind !== kind) continue;
    const day = new Date(e.ts).toISOString().slice(0, 10);
    if (!out.has(day)) out.set(day, new Set());
    out.get(day)!.add(members.get(root.get(e.distinct_id)!)!.sort().join(","));
  }
  return new Map([...out].map(([day, set]) => [day, [...set].sort()]));
}

describe("persons behind trend data points", () => {
  let user: TestUser;
  let events: Ev[];
  const trendFilter = {
    events: [
      { id: "a", type: "events", order: 0, math: "dau" },
      { id: "b", type: "events", order: 1 },
    ],
    date_from: "2024-03-01",
    date_to: "2024-03-14",
    interval: "day",
  };

  beforeAll(async () => {
    user = await signUp(baseUrl);
    events = generate(11, 100);
    await sendAll(user, events);
  });

  test("each point's persons are exactly the persons counted (dau) or with an event (total)", async () => {
    const trend = await user.session.post(`/api/projects/${user.projectId}/insights/trend/`, trendFilter);
    expect(trend.status, trend.text).toBe(200);
    const [dau, total] = trend.body.result;
    const refA = referenceDaily(events, "a");
    const refB = referenceDaily(events, "b");
    expect(dau.persons_urls).toHaveLength(dau.data.length);
    let checked = 0;
    for (let i = 0; i < dau.days.length; i++) {
      const entry = dau.persons_urls[i];
      expect(entry.url.startsWith(`api/projects/${user.projectId}/persons/trends/?`)).toBe(true);
      expect(entry.filter).toMatchObject({ entity_id: "a", entity_type: "events", entity_math: "dau" });
      const people = await listAll(user, `/${entry.url}`);
      expect(people.length).toBe(dau.data[i]);
      expect(people.map(keyOfPerson).sort()).toEqual(refA.get(dau.days[i]) ?? []);
      if (people.some((p) => p.distinct_ids.length > 1)) checked++;
      const bPeople = await listAll(user, `/${total.persons_urls[i].url}`);
      expect(bPeople.map(keyOfPerson).sort()).toEqual(refB.get(total.days[i]) ?? []);
    }
    expect(checked).toBeGreaterThan(0);
  });

  test("breakdown points list the persons of their value; the legacy /api/person/trends/ URL too", async () => {
    const trend = await user.session.post(`/api/projects/${user.projectId}/insights/trend/`, {
      ...trendFilter,
      events: [trendFilter.events[0]],
      breakdown: "kind",
      breakdown_type: "event",
    });
    expect(trend.status, trend.text).toBe(200);
    expect(trend.body.result.length).toBe(3);
    for (const item of trend.body.result) {
      const ref = referenceDaily(events, "a", item.breakdown_value);
      for (const i of [0, 4, 9, 13]) {
        const url = new URL(`/${item.persons_urls[i].url}`, baseUrl);
        expect(url.searchParams.get("breakdown_value")).toBe(item.breakdown_value);
        const people = await listAll(user, `/api/person/trends/${url.search}`);
        expect(people.length).toBe(item.data[i]);
        expect(people.map(keyOfPerson).sort()).toEqual(ref.get(item.days[i]) ?? []);
      }
    }
  });

  test("the persons of the 'other' breakdown series are those of every value but the ranked ones", async () => {
    const trend = await user.session.post(`/api/projects/${user.projectId}/insights/trend/`, {
      ...trendFilter,
      events: [trendFilter.events[0]],
      breakdown: "kind",
      breakdown_limit: 1,
    });
    expect(trend.status, trend.text).toBe(200);
    const [top, other] = trend.body.result;
    expect(other.breakdown_value).toBe("$$_posthog_breakdown_other_$$");
    const kinds = [...new Set(events.filter((e) => e.event === "a").map((e) => e.properties.kind as string))].filter(
      (k) => k !== top.breakdown_value,
    );
    expect(kinds.length).toBeGreaterThan(1);
    const refs = kinds.map((k) => referenceDaily(events, "a", k));
    for (const i of [0, 5, 13]) {
      const expected = new Set(refs.flatMap((ref) => ref.get(other.days[i]) ?? []));
      const people = await listAll(user, `/${other.persons_urls[i].url}`);
      expect(people.length).toBe(other.data[i]);
      expect(people.map(keyOfPerson).sort()).toEqual([...expected].sort());
    }
  });

  test("weekly_active points list the persons active in the 7 days ending with the point", async () => {
    const trend = await user.session.post(`/api/projects/${user.projectId}/insights/trend/`, {
      ...trendFilter,
      events: [{ id: "a", type: "events", order: 0, math: "weekly_active" }],
    });
    expect(trend.status, trend.text).toBe(200);
    const [wau] = trend.body.result;
    const daily = referenceDaily(events, "a");
    // Points whose 7-day window lies inside the generated events' range.
    for (let i = 6; i < wau.days.length; i++) {
      const expected = new Set<string>();
      for (let back = 0; back < 7; back++) for (const key of daily.get(wau.days[i - back]) ?? []) expected.add(key);
      const entry = wau.persons_urls[i];
      expect(entry.filter).toMatchObject({ entity_math: "weekly_active" });
      expect(new Date(entry.filter.date_to).getTime() - new Date(entry.filter.date_from).getTime()).toBe(7 * 86_400_000);
      const people = await listAll(user, `/${entry.url}`);
      expect(people.length).toBe(wau.data[i]);
      expect(people.map(keyOfPerson).sort()).toEqual([...expected].sort());
    }
  });
});

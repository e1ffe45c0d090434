import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { embeddedTestStore } from "@/lib/events/store/test-store";
import type { EventStore } from "@/lib/events/store/types";

// The squash on chDB over a generated project whose persons were merged after their events were written: every
// analysis answers the same before and after, and the same as a reference computed here from the events and the
// merges (each event's person is its distinct id's latest mapping).
const TEAM = 21;
const OTHER_TEAM = 22;
const project = { id: TEAM, timezone: "UTC", testAccountFilters: [] };
const uuid = (kind: number, n: number) => `00000000-0000-4000-${8000 + kind}-${String(n).padStart(12, "0")}`;
const DAYS = ["2024-05-01", "2024-05-02", "2024-05-03", "2024-05-04", "2024-05-05"];
const STEPS = ["$pageview", "signup", "purchase"];

// A deterministic generator (mulberry32), so a failure reproduces.
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Event {
  uuid: string;
  event: string;
  timestamp: string;
  team_id: number;
  distinct_id: string;
  person_id: string;
}

const embedded = embeddedTestStore("squash");
let store: EventStore;
let squash: typeof import("./squash-person-overrides").squashPersonOverrides;
let runTrends: typeof import("@/lib/analytics/trends/run").runTrends;
let runFunnel: typeof import("@/lib/analytics/funnels/run").runFunnel;
let runWebStatsTable: typeof import("@/lib/analytics/web").runWebStatsTable;
const events: Event[] = [];
/** Each distinct id's person as the latest merge left it (what analyses must attribute its events to). */
const mapping = new Map<string, { person: string; version: number }>();

async function merge(distinctId: string, person: string) {
  const version = (mapping.get(distinctId)?.version ?? 0) + 1;
  mapping.set(distinctId, { person, version });
  await store.insert("person_distinct_id2", [{ team_id: TEAM, distinct_id: distinctId, person_id: person, version }]);
}

const overrides = async (team = TEAM) =>
  Number((await store.query<{ n: string }>(`SELECT count() AS n FROM person_distinct_id_overrides FINAL WHERE team_id = ${team}`))[0].n);

/** Daily active persons ($pageview), from the events and the mapping alone. */
function referenceDau(): number[] {
  return DAYS.map(
    (day) =>
      new Set(
        events
          .filter((e) => e.team_id === TEAM && e.event === "$pageview" && e.timestamp.startsWith(day))
          .map((e) => mapping.get(e.distinct_id)?.person ?? e.person_id),
      ).size,
  );
}

const trend = async () =>
  (
    await runTrends(project, {
      events: [
        { id: "$pageview", math: "total" },
        { id: "$pageview", math: "dau" },
      ],
      date_from: DAYS[0],
      date_to: DAYS.at(-1),
    })
  ).map((series) => series.data);
/** Persons with a pageview over the days, from the events and the mapping alone. */
const referenceVisitors = () =>
  new Set(events.filter((e) => e.team_id === TEAM && e.event === "$pageview").map((e) => mapping.get(e.distinct_id)?.person ?? e.person_id))
    .size;
/** The same from web analytics' sessions table: every session's entry page is unknown, so one row holds them all. */
const webVisitors = async () => {
  const query = {
    kind: "WebStatsTableQuery",
    breakdownBy: "InitialPage",
    dateRange: { date_from: DAYS[0], date_to: DAYS.at(-1) },
  } as const;
  const { results } = await runWebStatsTable({ ...project, pathCleaningFilters: [] }, query);
  return (results[0][1] as number[])[0];
};
const funnel = () =>
  runFunnel(project, {
    events: STEPS.map((id, order) => ({ id, order })),
    date_from: DAYS[0],
    date_to: DAYS.at(-1),
    funnel_window_days: 14,
  });

beforeAll(async () => {
  store = await embedded.open();
  ({ squashPersonOverrides: squash } = await import("./squash-person-overrides"));
  ({ runTrends } = await import("@/lib/analytics/trends/run"));
  ({ runFunnel } = await import("@/lib/analytics/funnels/run"));
  ({ runWebStatsTable } = await import("@/lib/analytics/web"));
  const next = random(7);
  // 120 persons with two distinct ids each; every event carries the person its id had when it was written.
  for (let p = 0; p < 120; p++)
    for (const distinctId of [`anon-${p}`, `user-${p}`])
      for (let i = 0; i < 6; i++) {
        const day = DAYS[Math.floor(next() * DAYS.length)];
        const step = STEPS[Math.min(2, Math.floor(next() * 4))];
        events.push({
          uuid: uuid(0, events.length),
          event: step,
          timestamp: `${day} ${String(Math.floor(next() * 24)).padStart(2, "0")}:00:00.000000`,
          team_id: TEAM,
          distinct_id: distinctId,
          person_id: uuid(1, p),
        });
      }
  // Another project's events and merge: the squash folds them too, into that project's events only.
  events.push({
    uuid: uuid(0, 99_999),
    event: "$pageview",
    timestamp: `${DAYS[0]} 00:00:00.000000`,
    team_id: OTHER_TEAM,
    distinct_id: "anon-0",
    person_id: uuid(1, 9_999),
  });
  await store.insert(
    "events",
    // One session per distinct id and day: the web analytics' sessions table keeps their persons too.
    events.map((e) => ({ ...e, properties: JSON.stringify({ $session_id: `${e.distinct_id}/${e.timestamp.slice(0, 10)}` }) })),
  );
  await store.insert("person_distinct_id2", [{ team_id: OTHER_TEAM, distinct_id: "anon-0", person_id: uuid(1, 9_998), version: 1 }]);
  // Merges after the fact: a third of the anonymous ids join another person, some move twice.
  for (let p = 0; p < 120; p += 3) await merge(`anon-${p}`, uuid(1, (p + 1) % 120));
  for (let p = 0; p < 120; p += 9) await merge(`anon-${p}`, uuid(1, (p + 2) % 120));
}, 60_000);

afterAll(async () => {
  await embedded.close();
});

describe("folding person merges into events", () => {
  test("analyses answer the same before and after, equal to the reference, with the overrides gone", async () => {
    expect(await overrides()).toBe(40);
    expect(await webVisitors()).toBe(referenceVisitors());
    const [totals, dau] = await trend();
    expect(dau).toEqual(referenceDau());
    const funnelBefore = await funnel();

    const result = await squash(store, { graceSeconds: 0, now: new Date(Date.now() + 1_000) });
    expect(result).toEqual({ folded: 41, dropped: 0 });
    expect(await overrides()).toBe(0);
    expect(await overrides(OTHER_TEAM)).toBe(0);
    expect(await trend()).toEqual([totals, referenceDau()]);
    expect(await funnel()).toEqual(funnelBefore);
    expect(await webVisitors()).toBe(referenceVisitors());
    // The events themselves now carry the merged person, in their own project only.
    const moved = await store.query<{ team_id: string; person_id: string }>(
      "SELECT DISTINCT team_id, person_id FROM events WHERE distinct_id = 'anon-0' ORDER BY team_id",
    );
    expect(moved).toEqual([
      { team_id: String(TEAM), person_id: uuid(1, 2) },
      { team_id: String(OTHER_TEAM), person_id: uuid(1, 9_998) },
    ]);
    // Nothing left to fold: a second squash changes nothing.
    expect(await squash(store, { graceSeconds: 0, now: new Date(Date.now() + 1_000) })).toEqual({ folded: 0, dropped: 0 });
  });

  test("merges newer than the grace period wait for a later squash, and still count meanwhile", async () => {
    // anon-0 was folded into person 2; it moves again, and user-5 joins person 7.
    await merge("anon-0", uuid(1, 50));
    await merge("user-5", uuid(1, 7));
    expect((await trend())[1]).toEqual(referenceDau());

    expect(await squash(store, { graceSeconds: 600 })).toEqual({ folded: 0, dropped: 0 });
    expect(await overrides()).toBe(2);
    expect((await trend())[1]).toEqual(referenceDau());

    expect(await squash(store, { graceSeconds: 0, now: new Date(Date.now() + 1_000) })).toEqual({ folded: 2, dropped: 0 });
    expect(await overrides()).toBe(0);
    expect((await trend())[1]).toEqual(referenceDau());
  });

  test("a distinct id merged again after the cutoff waits whole: its older merge is not folded either", async () => {
    await merge("anon-3", uuid(1, 60));
    const cutoff = new Date(Date.now() + 1_000);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await merge("anon-3", uuid(1, 61)); // newer than the cutoff: not in the snapshot
    expect(await squash(store, { graceSeconds: 0, now: cutoff })).toEqual({ folded: 0, dropped: 0 });
    expect(await overrides()).toBe(1);
    expect((await trend())[1]).toEqual(referenceDau());
  });
});

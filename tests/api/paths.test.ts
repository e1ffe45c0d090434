import { describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { sendEvents, type SentEvent } from "../support/events";
import { mulberry32, personsOf } from "../support/reference";

const baseUrl = inject("baseUrl");
const MINUTE = 60_000;

const pathPath = (user: TestUser, query = "") => `/api/projects/${user.projectId}/insights/path/${query}`;

// ---------- Reference computation (PostHog's legacy paths, from its documented rules) ----------

interface PathOptions {
  types?: string[];
  custom?: string[];
  exclude?: string[];
  stepLimit?: number;
  edgeLimit?: number;
  start?: string;
  end?: string;
  groupings?: string[];
  cleaning?: { regex: string; alias: string }[];
  from: string;
  to: string;
  where?: (e: SentEvent) => boolean;
}

function referencePaths(events: SentEvent[], o: PathOptions) {
  const types = o.types ?? [];
  const custom = o.custom ?? [];
  const exclude = o.exclude ?? [];
  const stepLimit = o.stepLimit ?? 5;
  const everything = types.length === 0 && custom.length === 0;
  const from = Date.parse(`${o.from}T00:00:00Z`);
  const to = Date.parse(`${o.to}T00:00:00Z`) + 86_400_000 - 1;
  const person = personsOf(events);
  const mapsPageviews = (everything && !exclude.includes("$pageview")) || types.includes("$pageview");
  const mapsScreens = (everything && !exclude.includes("$screen")) || types.includes("$screen");
  const itemOf = (e: SentEvent): string => {
    if (e.event === "$pageview" && mapsPageviews) return String(e.properties?.$current_url ?? "").replace(/(.)\/$/, "$1");
    if (e.event === "$screen" && mapsScreens) return String(e.properties?.$screen_name ?? "");
    return e.event;
  };
  /** A wildcard grouping matches when its literal parts occur in order, anywhere in the item. */
  const matchesGrouping = (item: string, pattern: string) => {
    let at = -1;
    return pattern.split("*").every((part, i) => {
      const found = i === 0 ? item.indexOf(part) : item.indexOf(part, at);
      if (found < 0) return false;
      at = found + part.length;
      return true;
    });
  };
  const pathItem = (e: SentEvent) => {
    const cleaned = (o.cleaning ?? []).reduce((item, rule) => item.replace(new RegExp(rule.regex, "g"), rule.alias), itemOf(e));
    return (o.groupings ?? []).find((g) => matchesGrouping(cleaned, g)) ?? cleaned;
  };
  const included = (e: SentEvent) =>
    everything ||
    (types.includes("$pageview") && e.event === "$pageview") ||
    (types.includes("$screen") && e.event === "$screen") ||
    (types.includes("custom_event") && !e.event.startsWith("$")) ||
    custom.includes(e.event);

  const byPerson = new Map<string, { t: number; item: string }[]>();
  for (const e of events) {
    const t = Date.parse(e.timestamp!);
    if (t < from || t > to || !included(e) || (o.where && !o.where(e))) continue;
    const item = pathItem(e);
    if (exclude.includes(item)) continue;
    const p = person(e.distinct_id);
    if (!byPerson.has(p)) byPerson.set(p, []);
    byPerson.get(p)!.push({ t, item });
  }
  const edges = new Map<string, { source: string; target: string; times: number[] }>();
  for (const list of byPerson.values()) {
    list.sort((a, b) => a.t - b.t || (a.item < b.item ? -1 : a.item > b.item ? 1 : 0));
    const sessions: (typeof list)[] = [];
    list.forEach((ev, i) => {
      if (i === 0 || ev.t - list[i - 1].t >= 30 * MINUTE) sessions.push([]);
      sessions.at(-1)!.push(ev);
    });
    for (const session of sessions) {
      let steps = session.filter((ev, i) => ev.item !== (i + 1 < session.length ? session[i + 1].item : ""));
      const point = o.end ?? o.start;
      if (o.start !== undefined && o.end !== undefined) {
        // From the first start to the first end after it; a longer path keeps its ends around a "..." step.
        const from = steps.findIndex((s) => s.item === o.start);
        if (from < 0) continue;
        steps = steps.slice(from);
        const to = steps.findIndex((s) => s.item === o.end);
        if (to < 0) continue;
        steps = steps.slice(0, to + 1);
        if (steps.length > stepLimit) {
          const half = Math.floor(stepLimit / 2);
          steps = [...steps.slice(0, half), { item: "...", t: steps[half].t }, ...steps.slice(-half)];
        }
      } else if (point !== undefined) {
        const index = steps.findIndex((s) => s.item === point);
        if (index < 0) continue;
        steps = o.end !== undefined ? steps.slice(0, index + 1) : steps.slice(index);
      }
      if (o.start === undefined || o.end === undefined) steps = o.end !== undefined ? steps.slice(-stepLimit) : steps.slice(0, stepLimit);
      for (let i = 1; i < steps.length; i++) {
        const source = `${i}_${steps[i - 1].item}`;
        const target = `${i + 1}_${steps[i].item}`;
        const key = `${source}\u0000${target}`;
        if (!edges.has(key)) edges.set(key, { source, target, times: [] });
        edges.get(key)!.times.push(steps[i].t - steps[i - 1].t);
      }
    }
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...edges.values()]
    .map((e) => ({
      source: e.source,
      target: e.target,
      value: e.times.length,
      average_conversion_time: e.times.reduce((s, x) => s + x, 0) / e.times.length,
    }))
    .sort((a, b) => b.value - a.value || cmp(a.source, b.source) || cmp(a.target, b.target))
    // No default edge limit with both points, as PostHog.
    .slice(0, o.edgeLimit ?? (o.start !== undefined && o.end !== undefined ? Infinity : 50));
  const next = new Map<string, string[]>();
  for (const e of sorted) next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
  const reached = new Set<string>();
  const stack = sorted.filter((e) => e.source.startsWith("1_")).map((e) => e.source);
  while (stack.length) {
    const node = stack.pop()!;
    if (reached.has(node)) continue;
    reached.add(node);
    stack.push(...(next.get(node) ?? []));
  }
  return sorted.filter((e) => reached.has(e.source));
}

const rounded = (edges: any[]) =>
  edges.map((e) => ({ ...e, average_conversion_time: Math.round(e.average_conversion_time * 1000) / 1000 }));

// ------------------------------------------------------------------------------------------------

const t0 = Date.UTC(2024, 2, 5, 12);
const at = (ms: number) => new Date(t0 + ms).toISOString();
const pv = (distinct_id: string, url: string, ms: number): SentEvent => ({
  event: "$pageview",
  distinct_id,
  timestamp: at(ms),
  properties: { $current_url: url },
});

describe("paths", () => {
  test("hand-computed: steps, trailing slashes, sessions, repeats, limits, start and end points", async () => {
    const user = await signUp(baseUrl);
    const u = (p: string) => `https://ex.com/${p}`;
    await sendEvents(baseUrl, user, [
      pv("a", u("home"), 0),
      pv("a", u("pricing"), 10_000),
      pv("a", u("signup"), 40_000),
      pv("b", u("home/"), 0),
      pv("b", u("pricing"), 20_000),
      pv("c", u("home"), 0),
      pv("c", u("about"), 40 * MINUTE),
      pv("d", u("home"), 0),
      pv("d", u("home"), 5_000),
      pv("d", u("pricing"), 20_000),
    ]);
    const range = { date_from: "2024-03-01", date_to: "2024-03-14" };
    const home = { source: "1_https://ex.com/home", target: "2_https://ex.com/pricing", value: 3, average_conversion_time: 15_000 };
    const response = await user.session.post(pathPath(user), range);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ is_cached: false, timezone: "UTC" });
    expect(response.body.result).toEqual([
      home,
      { source: "2_https://ex.com/pricing", target: "3_https://ex.com/signup", value: 1, average_conversion_time: 30_000 },
    ]);
    const post = async (body: Record<string, unknown>) => (await user.session.post(pathPath(user), { ...range, ...body })).body.result;
    expect(await post({ path_type: "$pageview", edge_limit: 1 })).toEqual([home]);
    expect(await post({ include_event_types: ["$pageview"], step_limit: 2 })).toEqual([home]);
    expect(await post({ start_point: u("pricing") })).toEqual([
      { source: "1_https://ex.com/pricing", target: "2_https://ex.com/signup", value: 1, average_conversion_time: 30_000 },
    ]);
    expect(await post({ end_point: u("pricing") })).toEqual([home]);
    expect(await post({ include_event_types: ["custom_event"] })).toEqual([]);
    expect(await post({ date_from: "2024-03-06" })).toEqual([]);

    const query = new URLSearchParams({ ...range, include_event_types: JSON.stringify(["$pageview"]), edge_limit: "1" });
    const viaGet = await user.session.get(pathPath(user, `?${query}`));
    expect(viaGet.status).toBe(200);
    expect(viaGet.body.result).toEqual([home]);
  });

  test("equals the reference computation on generated events (types, custom events, exclusions, points, limits)", async () => {
    const user = await signUp(baseUrl);
    const random = mulberry32(4242);
    const urls = ["https://ex.com/", "https://ex.com/home", "https://ex.com/pricing/", "https://ex.com/docs", "https://ex.com/signup"];
    const customs = ["clicked", "signed_up", "$autocapture"];
    const events: SentEvent[] = [];
    for (let p = 0; p < 30; p++) {
      const merged = random() < 0.4;
      let t = Date.UTC(2024, 1, 28) + Math.floor(random() * 14 * 24 * 60) * MINUTE;
      const n = 4 + Math.floor(random() * 20);
      for (let i = 0; i < n; i++) {
        t += random() < 0.15 ? (31 + Math.floor(random() * 300)) * MINUTE : (1 + Math.floor(random() * 600)) * 1000;
        const distinct = merged && i < n / 2 ? `anon-${p}` : `user-${p}`;
        const browser = random() < 0.5 ? "Chrome" : "Safari";
        if (merged && i === Math.ceil(n / 2)) {
          events.push({
            event: "$identify",
            distinct_id: `user-${p}`,
            timestamp: new Date(t).toISOString(),
            properties: { $anon_distinct_id: `anon-${p}` },
          });
          t += 1000;
        }
        if (random() < 0.7)
          events.push({
            event: "$pageview",
            distinct_id: distinct,
            timestamp: new Date(t).toISOString(),
            properties: { $current_url: urls[Math.floor(random() * urls.length)], $browser: browser },
          });
        else
          events.push({
            event: customs[Math.floor(random() * customs.length)],
            distinct_id: distinct,
            timestamp: new Date(t).toISOString(),
            properties: { $browser: browser },
          });
      }
    }
    await sendEvents(baseUrl, user, events);
    // The project's own rules: applied only where a filter asks (`path_replacements`), before its own.
    const projectRule = { regex: "^https://ex\\.com", alias: "" };
    const patched = await user.session.patch(`/api/projects/${user.projectId}/`, { path_cleaning_filters: [projectRule] });
    expect(patched.status).toBe(200);
    expect(patched.body.path_cleaning_filters).toEqual([projectRule]);

    const range = { from: "2024-03-01", to: "2024-03-10" };
    const cases: [Omit<PathOptions, "from" | "to">, Record<string, unknown>][] = [
      [{}, {}],
      [{ types: ["$pageview"] }, { path_type: "$pageview" }],
      [{ types: ["custom_event"] }, { include_event_types: ["custom_event"] }],
      [
        { types: ["$pageview"], custom: ["clicked"] },
        { include_event_types: ["$pageview"], include_custom_events: ["clicked"] },
      ],
      [{ exclude: ["$identify", "https://ex.com/docs"] }, { exclude_events: ["$identify", "https://ex.com/docs"] }],
      [
        { types: ["$pageview"], stepLimit: 3, edgeLimit: 8 },
        { include_event_types: ["$pageview"], step_limit: 3, edge_limit: 8 },
      ],
      [
        { types: ["$pageview"], stepLimit: 10, edgeLimit: 200 },
        { include_event_types: ["$pageview"], step_limit: 10, edge_limit: 200 },
      ],
      [
        { types: ["$pageview"], start: "https://ex.com/pricing" },
        { include_event_types: ["$pageview"], start_point: "https://ex.com/pricing" },
      ],
      [
        { types: ["$pageview"], end: "https://ex.com/signup" },
        { include_event_types: ["$pageview"], end_point: "https://ex.com/signup" },
      ],
      [
        { types: ["$pageview"], start: "https://ex.com/home", end: "https://ex.com/signup" },
        { include_event_types: ["$pageview"], start_point: "https://ex.com/home", end_point: "https://ex.com/signup" },
      ],
      [
        { start: "https://ex.com", end: "clicked", stepLimit: 4 },
        { start_point: "https://ex.com", end_point: "clicked", step_limit: 4 },
      ],
      [
        { start: "https://ex.com/docs", end: "signed_up", stepLimit: 3, edgeLimit: 5 },
        { start_point: "https://ex.com/docs", end_point: "signed_up", step_limit: 3, edge_limit: 5 },
      ],
      [{ groupings: ["*/pricing", "https://ex.com/*o*"] }, { path_groupings: ["*/pricing", "https://ex.com/*o*"] }],
      [
        {
          types: ["$pageview"],
          cleaning: [
            { regex: "/(docs|signup)$", alias: "/<page>" },
            { regex: "^https://ex\\.com", alias: "" },
          ],
        },
        {
          include_event_types: ["$pageview"],
          local_path_cleaning_filters: [
            { regex: "/(docs|signup)$", alias: "/<page>" },
            { regex: "^https://ex\\.com", alias: "" },
          ],
        },
      ],
      [
        { cleaning: [{ regex: "pricing", alias: "plans" }], groupings: ["*plans*"], exclude: ["$identify"], start: "*plans*" },
        {
          local_path_cleaning_filters: [{ regex: "pricing", alias: "plans" }],
          path_groupings: ["*plans*"],
          exclude_events: ["$identify"],
          start_point: "*plans*",
        },
      ],
      [
        { types: ["$pageview"], cleaning: [projectRule] },
        { include_event_types: ["$pageview"], path_replacements: true },
      ],
      [
        { types: ["$pageview"], cleaning: [projectRule, { regex: "^/(docs|signup)$", alias: "/<page>" }] },
        {
          include_event_types: ["$pageview"],
          path_replacements: true,
          local_path_cleaning_filters: [{ regex: "^/(docs|signup)$", alias: "/<page>" }],
        },
      ],
      [
        { types: ["$pageview"], where: (e) => e.properties?.$browser === "Chrome" },
        { include_event_types: ["$pageview"], properties: [{ key: "$browser", value: "Chrome", operator: "exact", type: "event" }] },
      ],
    ];
    for (const [options, body] of cases) {
      const response = await user.session.post(pathPath(user), { date_from: range.from, date_to: range.to, ...body });
      expect(response.status, JSON.stringify(body)).toBe(200);
      const expected = referencePaths(events, { ...range, ...options });
      expect(rounded(response.body.result), JSON.stringify(body)).toEqual(rounded(expected));
    }
    expect(referencePaths(events, { ...range, types: ["$pageview"] }).length).toBeGreaterThan(5);
    // The generated sessions reach the cases' points, and some paths between two points are elided.
    expect(
      referencePaths(events, { ...range, types: ["$pageview"], start: "https://ex.com/home", end: "https://ex.com/signup" }).length,
    ).toBeGreaterThan(2);
    expect(
      referencePaths(events, { ...range, start: "https://ex.com", end: "clicked", stepLimit: 4 }).some((e) => e.target.endsWith("_...")),
    ).toBe(true);
    expect(
      referencePaths(events, { ...range, cleaning: [{ regex: "pricing", alias: "plans" }], groupings: ["*plans*"], start: "*plans*" })
        .length,
    ).toBeGreaterThan(2);
  });

  test("hand-computed: start and end points together, groupings, cleaning rules", async () => {
    const user = await signUp(baseUrl);
    const u = (p: string) => `https://ex.com/${p}`;
    const journey = ["home", "product/12", "product/13", "cart?id=5", "a", "b", "c", "checkout"];
    await sendEvents(baseUrl, user, [
      ...journey.map((p, i) => pv("a", u(p), i * MINUTE)),
      pv("b", u("product/7"), 0),
      pv("b", u("checkout"), 2 * MINUTE),
    ]);
    const post = async (body: Record<string, unknown>) => {
      const response = await user.session.post(pathPath(user), { date_from: "2024-03-01", date_to: "2024-03-14", ...body });
      expect(response.status, response.text).toBe(200);
      return response.body.result.map((e: any) => [e.source, e.target, e.value, e.average_conversion_time]);
    };
    // 8 steps from home to checkout: the first and last 2 around "...", timed at the third step.
    expect(await post({ start_point: u("home"), end_point: u("checkout") })).toEqual([
      ["1_https://ex.com/home", "2_https://ex.com/product/12", 1, MINUTE],
      ["2_https://ex.com/product/12", "3_...", 1, MINUTE],
      ["3_...", "4_https://ex.com/c", 1, 4 * MINUTE],
      ["4_https://ex.com/c", "5_https://ex.com/checkout", 1, MINUTE],
    ]);
    expect(await post({ start_point: u("c"), end_point: u("home") })).toEqual([]);
    expect(await post({ path_groupings: ["/product/*"], end_point: u("checkout"), step_limit: 3 })).toEqual([
      ["1_/product/*", "2_https://ex.com/checkout", 1, 2 * MINUTE],
      ["1_https://ex.com/b", "2_https://ex.com/c", 1, MINUTE],
      ["2_https://ex.com/c", "3_https://ex.com/checkout", 1, MINUTE],
    ]);
    expect(
      await post({
        local_path_cleaning_filters: [
          { regex: "\\?.*$", alias: "" },
          { regex: "/product/\\d+", alias: "/product/<id>" },
        ],
        step_limit: 4,
      }),
    ).toEqual([
      ["1_https://ex.com/home", "2_https://ex.com/product/<id>", 1, 2 * MINUTE],
      ["1_https://ex.com/product/<id>", "2_https://ex.com/checkout", 1, 2 * MINUTE],
      ["2_https://ex.com/product/<id>", "3_https://ex.com/cart", 1, MINUTE],
      ["3_https://ex.com/cart", "4_https://ex.com/a", 1, MINUTE],
    ]);
  });

  test("bad input is a 400", async () => {
    const user = await signUp(baseUrl);
    for (const [body, attr] of [
      [{ step_limit: 1 }, "step_limit"],
      [{ step_limit: "lots" }, "step_limit"],
      [{ edge_limit: 0 }, "edge_limit"],
      [{ include_event_types: ["$everything"] }, "include_event_types__0"],
      [{ path_type: "hogql" }, "path_type"],
      [{ funnel_paths: "funnel_path_after_step" }, "funnel_paths"],
      [{ min_edge_weight: 3 }, "min_edge_weight"],
      [{ path_groupings: Array.from({ length: 101 }, (_, i) => `/x${i}/*`) }, "path_groupings"],
      [{ path_groupings: [""] }, "path_groupings__0"],
      [{ local_path_cleaning_filters: [{ regex: "(unclosed", alias: "x" }] }, "local_path_cleaning_filters"],
      [{ local_path_cleaning_filters: [{ alias: "x" }] }, "local_path_cleaning_filters__0__regex"],
      [{ path_replacements: "sometimes" }, "path_replacements"],
      [{ date_from: "someday" }, "date_from"],
    ] as [Record<string, unknown>, string][]) {
      const response = await user.session.post(pathPath(user), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toMatchObject({ type: "validation_error", attr });
    }
    expect((await user.session.get(pathPath(user, "?step_limit=abc"))).status).toBe(400);

    // A project's rules are checked when saved: bounded, and each regex one the engine can run.
    for (const [rules, attr] of [
      [[{ regex: "(unclosed", alias: "x" }], "path_cleaning_filters__0__regex"],
      [[{ alias: "x" }], "path_cleaning_filters__0__regex"],
      [Array.from({ length: 101 }, (_, i) => ({ regex: `/x${i}`, alias: "" })), "path_cleaning_filters"],
    ] as [unknown, string][]) {
      const response = await user.session.patch(`/api/projects/${user.projectId}/`, { path_cleaning_filters: rules });
      expect(response.status, attr).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", attr });
    }
  });

  test("scope insight:read; other projects are out of reach", async () => {
    const user = await signUp(baseUrl);
    const stranger = await signUp(baseUrl);
    await sendEvents(baseUrl, user, [pv("a", "/one", 0), pv("a", "/two", 1000)]);
    await sendEvents(baseUrl, stranger, [pv("z", "/theirs", 0), pv("z", "/secret", 1000)]);
    const body = { date_from: "2024-03-01", date_to: "2024-03-14" };
    const reader = await user.key(["insight:read"]);
    const mine = await reader.post(pathPath(user), body);
    expect(mine.status).toBe(200);
    expect(mine.body.result).toEqual([{ source: "1_/one", target: "2_/two", value: 1, average_conversion_time: 1000 }]);
    expect((await (await user.key(["query:read"])).post(pathPath(user), body)).status).toBe(403);
    expect((await stranger.session.post(pathPath(user), body)).status).toBe(403);
    expect((await user.session.as({}).get(pathPath(user))).status).toBe(401);
    expect((await user.session.patch(pathPath(user), body)).status).toBe(405);
  });
});

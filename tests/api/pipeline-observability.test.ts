import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { captureAll, eventually, installApp, setUpApp } from "../support/apps";
import { cleanUp, listenOnLoopback, ownServer, serverHome } from "../support/batch-exports";
import { listAllEvents } from "../support/events";
import type { StartedServer } from "../support/server";

// Apps' metrics and logs: counted by the transformation runner and the destination worker of the file's own server
// (two delivery attempts a second apart; heartbeats every second instead of every minute).
const backend = inject("backend") as "pglite" | "postgres";
const APPS = {
  flattener: ["pipeline_transformations", "https://github.com/PostHog/flatten-properties-plugin"],
  downsampling: ["pipeline_transformations", "https://github.com/PostHog/downsampling-plugin"],
  webhook: ["pipeline_destinations", "https://github.com/hedgerow/webhook-destination"],
  heartbeat: ["pipeline_import_apps", "https://github.com/PostHog/posthog-heartbeat-plugin"],
} as const;

afterAll(cleanUp, 180_000);

describe("apps' metrics and logs", () => {
  let server: StartedServer;
  let owner: TestUser;
  let other: TestUser;
  const base = (user: TestUser, configId: number, projectId = user.projectId) => `/api/projects/${projectId}/plugin_configs/${configId}`;
  const installed = new Map<string, number>();
  const setUp = async (user: TestUser, app: keyof typeof APPS, config: Record<string, unknown>) => {
    const [family, url] = APPS[app];
    const key = `${user.organizationId} ${app}`;
    if (!installed.has(key)) installed.set(key, await installApp(user, url, family));
    return setUpApp(user, installed.get(key)!, config);
  };
  const totals = async (user: TestUser, configId: number) => {
    const answer = await user.session.get(`${base(user, configId)}/metrics/?after=-24h`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body.metrics.totals as { successes: number; failures: number; filtered: number };
  };

  beforeAll(async () => {
    server = await ownServer({
      ...(await serverHome("observability", backend)),
      env: { HEDGEROW_PLUGINS_ACCESS_LEVEL: "6", HEDGEROW_BATCH_EXPORT_MAX_ATTEMPTS: "2", HEDGEROW_HEARTBEAT_SECONDS: "1" },
    });
    [owner, other] = await Promise.all([signUp(server.baseUrl), signUp(server.baseUrl)]);
  }, 180_000);

  test("transformations count the events they changed and dropped, per hour", async () => {
    const flattener = await setUp(owner, "flattener", { separator: "." });
    const downsampling = await setUp(owner, "downsampling", { percentage: "0" });
    const events = [1, 2, 3].map((n) => ({ event: "counted", distinct_id: `d${n}`, uuid: randomUUID(), properties: { a: { b: n } } }));
    await captureAll(server.baseUrl, owner, events);
    expect(await totals(owner, flattener)).toEqual({ successes: 3, failures: 0, filtered: 0 });
    expect(await totals(owner, downsampling)).toEqual({ successes: 0, failures: 0, filtered: 3 });
    const answer = await owner.session.get(`${base(owner, downsampling)}/metrics/`);
    const { dates, filtered, successes, failures } = answer.body.metrics;
    // Seven days of hours, this one last, every list as long as the dates.
    expect(dates.length).toBeGreaterThanOrEqual(168);
    expect(new Date(dates.at(-1)).getTime()).toBeLessThanOrEqual(Date.now());
    expect([filtered.length, successes.length, failures.length]).toEqual([dates.length, dates.length, dates.length]);
    expect(filtered.at(-1) + (filtered.at(-2) ?? 0)).toBe(3);
    for (const id of [flattener, downsampling]) await owner.session.patch(`${base(owner, id)}/`, { enabled: false });
  });

  test("a failing webhook counts failed and filtered events and logs its retry, its failure and the test run", async () => {
    let requests = 0;
    const failing = createServer((request, response) => {
      requests++;
      request.resume().on("end", () => response.writeHead(500).end());
    });
    const port = await listenOnLoopback(failing);
    const hook = await setUp(owner, "webhook", { url: `http://127.0.0.1:${port}/hook`, events: "sent" });
    const uuid = randomUUID();
    await captureAll(server.baseUrl, owner, [
      { event: "sent", distinct_id: "ann", uuid },
      { event: "skipped", distinct_id: "ann", uuid: randomUUID() },
    ]);
    const counted = await eventually("the failure counted", async () => {
      const t = await totals(owner, hook);
      return t.failures > 0 && t;
    });
    expect(counted).toEqual({ successes: 0, failures: 1, filtered: 1 });
    expect(requests).toBe(2);
    const logs = await owner.session.get(`${base(owner, hook)}/logs/`);
    expect(logs.status, logs.text).toBe(200);
    const types = logs.body.results.map((line: { type: string }) => line.type);
    expect(types).toEqual(["ERROR", "WARN"]);
    expect(logs.body.results[0]).toMatchObject({
      team_id: owner.projectId,
      plugin_config_id: hook,
      source: "PLUGIN",
      event_uuid: uuid,
      message: expect.stringContaining("1 events not delivered after 2 attempts"),
    });
    expect(typeof logs.body.results[0].plugin_id).toBe("number");
    // Filters: the level, and text in the message.
    const errors = await owner.session.get(`${base(owner, hook)}/logs/?type_filter=ERROR`);
    expect(errors.body.results.map((line: { type: string }) => line.type)).toEqual(["ERROR"]);
    const retried = await owner.session.get(`${base(owner, hook)}/logs/?search=RETRIED&limit=1`);
    expect(retried.body.results).toHaveLength(1);
    expect(retried.body.results[0].type).toBe("WARN");
    // A test run is logged too.
    expect((await owner.session.post(`${base(owner, hook)}/test/`, {})).status).toBe(200);
    const info = await owner.session.get(`${base(owner, hook)}/logs/?type_filter=INFO`);
    expect(info.body.results[0]).toMatchObject({ type: "INFO", source: "SYSTEM", message: expect.stringContaining("Test run") });
    await owner.session.patch(`${base(owner, hook)}/`, { enabled: false });
  });

  test("inputs that size the work are bounded: a 400 on the field", async () => {
    const id = await setUp(owner, "flattener", { separator: "." });
    for (const [query, attr] of [
      ["logs/?limit=501", "limit"],
      ["logs/?type_filter=DEBUG", "type_filter"],
      [`logs/?search=${"x".repeat(201)}`, "search"],
      ["metrics/?after=yesterday", "after"],
    ]) {
      const answer = await owner.session.get(`${base(owner, id)}/${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({ type: "validation_error", attr: expect.stringContaining(attr) });
    }
    // Farther back than kept: answered from the oldest hour kept.
    const far = await owner.session.get(`${base(owner, id)}/metrics/?after=-900d`);
    expect(far.status).toBe(200);
    expect(far.body.metrics.dates.length).toBeLessThanOrEqual(30 * 24 + 1);
    await owner.session.patch(`${base(owner, id)}/`, { enabled: false });
  });

  test("another tenant, a key without plugin:read or scoped elsewhere, and another project's id reach nothing", async () => {
    const id = await setUp(owner, "flattener", { separator: "." });
    for (const path of ["metrics/", "logs/"]) {
      expect((await owner.session.get(`${base(owner, id)}/${path}`)).status).toBe(200);
      expect((await (await owner.key(["plugin:read"])).get(`${base(owner, id)}/${path}`)).status).toBe(200);
      expect((await other.session.get(`${base(owner, id)}/${path}`)).status).toBe(403);
      expect((await (await other.key()).get(`${base(owner, id)}/${path}`)).status).toBe(403);
      // The owner's config id under the other project: not found.
      expect((await other.session.get(`${base(other, id)}/${path}`)).status).toBe(404);
      expect((await (await owner.key(["insight:read"])).get(`${base(owner, id)}/${path}`)).status).toBe(403);
      const second = await owner.session.post("/api/projects/", { name: `Second ${path}` });
      expect(second.status, second.text).toBe(201);
      const elsewhere = await owner.key(["plugin:read"], { scoped_teams: [second.body.id] });
      expect((await elsewhere.get(`${base(owner, id)}/${path}`)).status).toBe(403);
      // The config under the owner's second project: not found.
      expect((await owner.session.get(`${base(owner, id, second.body.id)}/${path}`)).status).toBe(404);
    }
    await owner.session.patch(`${base(owner, id)}/`, { enabled: false });
  });

  test("an enabled Heartbeat captures a `heartbeat` event into its project each interval", async () => {
    const id = await setUp(other, "heartbeat", {});
    const beats = await eventually("two heartbeats", async () => {
      const events = await listAllEvents(other, { event: "heartbeat" });
      return events.length >= 2 && events;
    });
    expect(beats[0]).toMatchObject({ event: "heartbeat", distinct_id: "Heartbeat" });
    expect(beats[0].properties).toMatchObject({ $lib: "posthog-plugin-server" });
    expect((await totals(other, id)).successes).toBeGreaterThanOrEqual(2);
    // The owner's project, without the app, gets none.
    expect(await listAllEvents(owner, { event: "heartbeat" })).toEqual([]);
    await other.session.patch(`${base(other, id)}/`, { enabled: false });
  });
});

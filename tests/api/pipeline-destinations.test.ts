import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { captureAll, eventually, installApp, setUpApp } from "../support/apps";
import { cleanUp, listenOnLoopback, ownServer, serverHome } from "../support/batch-exports";
import type { StartedServer } from "../support/server";

// Destinations end to end: events in through capture, delivered by the server's worker to receivers on loopback
// (admitted by HEDGEROW_ALLOWED_DESTINATIONS=127.0.0.1; 127.0.0.2 is not). Two attempts per batch, a second apart.
const backend = inject("backend") as "pglite" | "postgres";
const WEBHOOK = "https://github.com/hedgerow/webhook-destination";
const REPLICATOR = "https://github.com/PostHog/posthog-plugin-replicator";

afterAll(cleanUp, 180_000);

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/** A receiver recording every request it answers 200; `answer` decides each request's status. */
async function receiver(answer: (request: number) => number = () => 200, host = "127.0.0.1") {
  const received: Received[] = [];
  let requests = 0;
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const status = answer(requests++);
      if (status === 200) received.push({ method: request.method!, url: request.url!, headers: request.headers, body: JSON.parse(body) });
      response.writeHead(status).end();
    });
  });
  const port = await listenOnLoopback(server, host);
  return { url: `http://127.0.0.1:${port}/hook`, port, received, requests: () => requests };
}

describe("pipeline destinations deliver captured events", () => {
  let server: StartedServer;
  let owner: TestUser;
  let other: TestUser;
  let webhook: number;
  let replicator: number;

  const configOf = (user: TestUser, id: number) => user.session.get(`/api/projects/${user.projectId}/plugin_configs/${id}/`);

  beforeAll(async () => {
    server = await ownServer({
      ...(await serverHome("destinations", backend)),
      env: { HEDGEROW_PLUGINS_ACCESS_LEVEL: "6", HEDGEROW_BATCH_EXPORT_MAX_ATTEMPTS: "2" },
    });
    [owner, other] = await Promise.all([signUp(server.baseUrl), signUp(server.baseUrl)]);
    [webhook, replicator] = await Promise.all([installApp(owner, WEBHOOK), installApp(owner, REPLICATOR)]);
  }, 180_000);

  test("settings a destination cannot run with are a 400 on their field when enabling; disabled, they may be saved", async () => {
    const configs = `/api/projects/${owner.projectId}/plugin_configs/`;
    const cases: [number, Record<string, unknown>, string][] = [
      [webhook, { url: "ftp://hooks.example.com" }, "config__url"],
      [webhook, { url: "https://hooks.example.com", method: "DELETE" }, "config__method"],
      [webhook, { url: "https://hooks.example.com", headers: "{nope" }, "config__headers"],
      [webhook, { url: "https://hooks.example.com", body: '{"a": "{event.secret}"}' }, "config__body"],
      [replicator, { host: "eu.i.posthog.com", project_api_key: "phc_x", replication: "50" }, "config__replication"],
    ];
    for (const [plugin, config, attr] of cases) {
      const answer = await owner.session.post(configs, { plugin, enabled: true, config });
      expect(answer.status, JSON.stringify(config)).toBe(400);
      expect(answer.body).toMatchObject({ type: "validation_error", attr });
    }
    // Saved off with a secret header and a wrong body; enabling checks the stored settings, the secret opened.
    const saved = await owner.session.post(configs, {
      plugin: webhook,
      enabled: false,
      config: { url: "https://hooks.example.com", headers: '{"X-Key": "k"}', body: '{"a": "{event.secret}"}' },
    });
    expect(saved.status, saved.text).toBe(201);
    const on = await owner.session.patch(`${configs}${saved.body.id}/`, { enabled: true });
    expect(on.body).toMatchObject({ attr: "config__body" });
    const fixed = await owner.session.patch(`${configs}${saved.body.id}/`, {
      enabled: true,
      config: { url: "https://hooks.example.com", body: '{"a": "{event.uuid}"}' },
    });
    expect(fixed.status, fixed.text).toBe(200);
    const off = await owner.session.patch(`${configs}${saved.body.id}/`, { enabled: false });
    expect(off.status).toBe(200);
  });

  test("a webhook gets each matching event with its uuid, method, headers and templated body", async () => {
    const hook = await receiver();
    const body = '{"id": "{event.uuid}", "name": "{event.event}", "plan": "{event.properties.plan}", "email": "{person.properties.email}"}';
    await setUpApp(owner, webhook, { url: hook.url, method: "PUT", headers: '{"X-Token": "s3cret"}', body, events: "signed_up, purchase" });
    const sent = [
      { event: "signed_up", distinct_id: "ann", uuid: randomUUID(), properties: { plan: "pro", $set: { email: "ann@example.com" } } },
      { event: "purchase", distinct_id: "ann", uuid: randomUUID(), properties: { plan: "pro" } },
      { event: "$pageview", distinct_id: "ann", uuid: randomUUID() },
    ];
    await captureAll(server.baseUrl, owner, sent);
    await eventually("two deliveries", () => hook.received.length >= 2);
    expect(hook.received.map((r) => r.body).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { id: sent[1].uuid, name: "purchase", plan: "pro", email: "ann@example.com" },
      { id: sent[0].uuid, name: "signed_up", plan: "pro", email: "ann@example.com" },
    ]);
    for (const request of hook.received) {
      expect(request.method).toBe("PUT");
      expect(request.headers["x-token"]).toBe("s3cret");
      expect(request.headers["content-type"]).toBe("application/json");
    }
    // The header is a secret: answered masked.
    const listed = await owner.session.get(`/api/projects/${owner.projectId}/plugin_configs/`);
    const config = listed.body.results.find((c: { plugin: number }) => c.plugin === webhook);
    expect(config.config.headers).toBe("**************** POSTHOG SECRET FIELD ****************");
  });

  test("a receiver failing once gets the batch again (retried with backoff)", async () => {
    const hook = await receiver((n) => (n === 0 ? 500 : 200));
    await setUpApp(owner, webhook, { url: hook.url, events: "retried" });
    const uuid = randomUUID();
    await captureAll(server.baseUrl, owner, [{ event: "retried", distinct_id: "bob", uuid }]);
    const [delivery] = await eventually("the retried delivery", () => hook.received.length > 0 && hook.received);
    expect(hook.requests()).toBe(2);
    expect(delivery.body.event).toMatchObject({ uuid, event: "retried", distinct_id: "bob" });
    expect(delivery.body).toHaveProperty("person");
  });

  test("the replicator POSTs /batch/ bodies with the key, each event `replication` times, ignored events left out", async () => {
    const target = await receiver();
    const id = await setUpApp(owner, replicator, {
      host: `http://127.0.0.1:${target.port}`,
      project_api_key: "phc_other",
      replication: "2",
      events_to_ignore: "$pageview, retried, signed_up, purchase, tenant-a, tenant-b",
    });
    const sent = [
      { event: "copied", distinct_id: "cy", uuid: randomUUID(), properties: { n: 1 }, timestamp: "2024-06-01T00:00:00.000Z" },
      { event: "$pageview", distinct_id: "cy", uuid: randomUUID() },
    ];
    await captureAll(server.baseUrl, owner, sent);
    const [request] = await eventually("the replicated batch", () => target.received.length > 0 && target.received);
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/batch/");
    expect(request.body.api_key).toBe("phc_other");
    expect(request.body.batch).toHaveLength(2);
    for (const event of request.body.batch) {
      expect(event).toMatchObject({ uuid: sent[0].uuid, event: "copied", distinct_id: "cy", timestamp: "2024-06-01T00:00:00.000Z" });
      expect(event.properties).toMatchObject({ n: 1 });
    }
    await owner.session.patch(`/api/projects/${owner.projectId}/plugin_configs/${id}/`, { enabled: false });
  });

  test("another project's events, and a disabled or deleted app, never reach a destination", async () => {
    const [first, second, third] = await Promise.all([receiver(), receiver(), receiver()]);
    const tenant = { body: '{"uuid": "{event.uuid}", "event": "{event.event}"}' };
    const a1 = await setUpApp(owner, webhook, { ...tenant, url: first.url, events: "tenant-a, tenant-b" });
    const a2 = await setUpApp(owner, webhook, { ...tenant, url: second.url, events: "tenant-a, tenant-b" });
    const b = await setUpApp(other, await installApp(other, WEBHOOK), { ...tenant, url: third.url, events: "tenant-a, tenant-b" });

    // The other project's token: its events go to its own app only.
    const fromOther = randomUUID();
    await captureAll(server.baseUrl, other, [{ event: "tenant-b", distinct_id: "eve", uuid: fromOther }]);
    await eventually("the other project's delivery", () => third.received.length > 0);
    const marker = randomUUID();
    await captureAll(server.baseUrl, owner, [{ event: "tenant-a", distinct_id: "ann", uuid: marker }]);
    await eventually("the owner's deliveries", () => first.received.length > 0 && second.received.length > 0);
    expect(first.received.map((r) => r.body.uuid)).toEqual([marker]);
    expect(second.received.map((r) => r.body.uuid)).toEqual([marker]);
    expect(third.received.map((r) => r.body.uuid)).toEqual([fromOther]);

    // The other project's user cannot reach, change or use the owner's app.
    expect((await other.session.get(`/api/projects/${owner.projectId}/plugin_configs/${a1}/`)).status).toBe(403);
    expect((await other.session.get(`/api/projects/${other.projectId}/plugin_configs/${a1}/`)).status).toBe(404);
    expect((await other.session.patch(`/api/projects/${other.projectId}/plugin_configs/${a1}/`, { enabled: false })).status).toBe(404);
    expect((await configOf(other, b)).body.enabled).toBe(true);

    // Disabled, then deleted: what is captured next goes to the app still enabled only.
    expect((await owner.session.patch(`/api/projects/${owner.projectId}/plugin_configs/${a1}/`, { enabled: false })).status).toBe(200);
    const whileDisabled = randomUUID();
    await captureAll(server.baseUrl, owner, [{ event: "tenant-a", distinct_id: "ann", uuid: whileDisabled }]);
    await eventually("the delivery while one app is off", () => second.received.length > 1);
    expect((await owner.session.delete(`/api/projects/${owner.projectId}/plugin_configs/${a2}/`)).status).toBe(204);
    await captureAll(server.baseUrl, owner, [{ event: "tenant-a", distinct_id: "ann", uuid: randomUUID() }]);
    await captureAll(server.baseUrl, other, [{ event: "tenant-b", distinct_id: "eve", uuid: randomUUID() }]);
    // The other project's next event is delivered after the owner's: by then the owner's would have been too.
    await eventually("the other project's second delivery", () => third.received.length > 1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(first.received.map((r) => r.body.uuid)).toEqual([marker]);
    expect(second.received.map((r) => r.body.uuid)).toEqual([marker, whileDisabled]);
    expect(third.received.every((r) => r.body.event === "tenant-b")).toBe(true);
  });

  test("a private address is refused; after repeated failed batches the app is disabled, with the reason", async () => {
    // Listening on every loopback address, reached as 127.0.0.2: not in HEDGEROW_ALLOWED_DESTINATIONS.
    const hook = await receiver(() => 200, "0.0.0.0");
    const id = await setUpApp(owner, webhook, { url: `http://127.0.0.2:${hook.port}/hook`, events: "refused" });
    for (let i = 0; i < 3; i++) await captureAll(server.baseUrl, owner, [{ event: "refused", distinct_id: "zed", uuid: randomUUID() }]);
    const disabled = await pollConfig(
      () => configOf(owner, id),
      (body) => body.enabled === false,
    );
    expect(disabled.error.message).toMatch(/^Disabled after 3 batches of events could not be delivered/);
    expect(Number.isNaN(Date.parse(disabled.error.time))).toBe(false);
    expect(hook.requests()).toBe(0);
    // Enabled again: the reason is cleared.
    const again = await owner.session.patch(`/api/projects/${owner.projectId}/plugin_configs/${id}/`, { enabled: true });
    expect(again.body).toMatchObject({ enabled: true, error: null });
  }, 60_000);
});

async function pollConfig(get: () => Promise<{ body: any }>, done: (body: any) => boolean, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await get();
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`config did not change: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

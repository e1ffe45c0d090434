import { createServer } from "node:http";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { installApp, setUpApp } from "../support/apps";
import { listenOnLoopback } from "../support/batch-exports";
import { listAllEvents } from "../support/events";

// Testing an app set-up runs it once on an event and answers what it would do; nothing is stored or sent.
const baseUrl = inject("baseUrl");

const APPS = {
  flattener: ["pipeline_transformations", "https://github.com/PostHog/flatten-properties-plugin"],
  timestamps: ["pipeline_transformations", "https://github.com/PostHog/timestamp-parser-plugin"],
  downsampling: ["pipeline_transformations", "https://github.com/PostHog/downsampling-plugin"],
  webhook: ["pipeline_destinations", "https://github.com/hedgerow/webhook-destination"],
  replicator: ["pipeline_destinations", "https://github.com/PostHog/posthog-plugin-replicator"],
  currency: ["pipeline_transformations", "https://github.com/PostHog/currency-normalization-plugin"],
} as const;

const installed = new Map<string, number>();

async function setUp(owner: TestUser, app: keyof typeof APPS, config: Record<string, unknown>, enabled = true): Promise<number> {
  const [family, url] = APPS[app];
  const key = `${owner.organizationId} ${app}`;
  if (!installed.has(key)) installed.set(key, await installApp(owner, url, family));
  return setUpApp(owner, installed.get(key)!, config, { enabled });
}

const testPath = (user: TestUser, configId: number) => `/api/projects/${user.projectId}/plugin_configs/${configId}/test/`;

describe("testing an app set-up", () => {
  let owner: TestUser;
  let other: TestUser;
  let flattener: number;
  beforeAll(async () => {
    [owner, other] = await Promise.all([signUp(baseUrl), signUp(baseUrl)]);
    flattener = await setUp(owner, "flattener", { separator: "." });
  });

  test("a transformation answers the event it makes of the given one, and nothing is stored", async () => {
    const event = { event: "purchase", distinct_id: "buyer", properties: { product: { name: "AZ12" } } };
    const answer = await owner.session.post(testPath(owner, flattener), { event });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      kind: "transformation",
      input: { event: "purchase", distinct_id: "buyer", properties: { product: { name: "AZ12" } } },
      event: { event: "purchase", properties: { product: { name: "AZ12" }, "product.name": "AZ12" } },
      requests: null,
    });
    expect(answer.body.input.properties).not.toHaveProperty(["product.name"]);
    expect(await listAllEvents(owner)).toEqual([]);
  });

  test("without an event, a sample $pageview; a disabled set-up is tested with its settings", async () => {
    const timestamps = await setUp(owner, "timestamps", {}, false);
    const answer = await owner.session.post(testPath(owner, timestamps), {});
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.input.event).toBe("$pageview");
    expect(answer.body.event.properties).toMatchObject({ day_of_the_week: "Saturday", year: 2024, month: 6 });
  });

  test("an app that drops the event answers null; settings it cannot run with are a 400 on their field", async () => {
    const none = await setUp(owner, "downsampling", { percentage: "0" });
    const dropped = await owner.session.post(testPath(owner, none), {});
    expect(dropped.status, dropped.text).toBe(200);
    expect(dropped.body.event).toBeNull();
    const broken = await setUp(owner, "downsampling", { percentage: "half" }, false);
    const refused = await owner.session.post(testPath(owner, broken), {});
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: "validation_error", attr: "config__percentage" });
  });

  test("a destination answers its requests with secrets masked, and sends nothing", async () => {
    let received = 0;
    const server = createServer((_request, response) => {
      received++;
      response.writeHead(200).end();
    });
    const port = await listenOnLoopback(server);
    try {
      const hook = await setUp(
        owner,
        "webhook",
        {
          url: `http://127.0.0.1:${port}/hook`,
          method: "PUT",
          headers: '{"Authorization": "Bearer s3cret"}',
          body: '{"name": "{event.event}"}',
        },
        false,
      );
      const answer = await owner.session.post(testPath(owner, hook), { event: { event: "signed up", distinct_id: "u1" } });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ kind: "destination", event: null });
      expect(answer.body.requests).toEqual([
        {
          method: "PUT",
          url: `http://127.0.0.1:${port}/hook`,
          headers: { "content-type": "application/json", Authorization: "********" },
          body: { name: "signed up" },
        },
      ]);
      expect(answer.text).not.toContain("s3cret");
      expect(received).toBe(0);
    } finally {
      server.close();
    }

    const copy = await setUp(owner, "replicator", { host: "eu.i.posthog.com", project_api_key: "phc_secret", events_to_ignore: "skip" });
    const replicated = await owner.session.post(testPath(owner, copy), {});
    expect(replicated.body.requests).toMatchObject([
      { method: "POST", url: "https://eu.i.posthog.com/batch/", body: { api_key: "********", batch: [{ event: "$pageview" }] } },
    ]);
    expect(replicated.text).not.toContain("phc_secret");
    const ignored = await owner.session.post(testPath(owner, copy), { event: { event: "skip" } });
    expect(ignored.body.requests).toEqual([]);
  });

  test("an app Hedgerow does not run, and events it cannot take, are 400s", async () => {
    const currency = await setUp(owner, "currency", {}, false);
    expect((await owner.session.post(testPath(owner, currency), {})).body).toMatchObject({ type: "validation_error", code: "not_run" });
    const path = testPath(owner, flattener);
    const nameless = await owner.session.post(path, { event: { distinct_id: "u" } });
    expect(nameless.status).toBe(400);
    expect(nameless.body.attr).toBe("event__event");
    const huge = await owner.session.post(path, { event: { event: "big", properties: { blob: "x".repeat(70_000) } } });
    expect(huge.status).toBe(400);
    expect(huge.body.attr).toBe("event");
    const badTime = await owner.session.post(path, { event: { event: "e", timestamp: "yesterday" } });
    expect(badTime.body.attr).toBe("event__timestamp");
  });

  test("tenants: another organization, a key without plugin:read, and another project's set-up id", async () => {
    expect((await other.session.post(testPath(owner, flattener), {})).status).toBe(403);
    expect((await other.session.post(testPath(other, flattener), {})).status).toBe(404);
    const unscoped = await owner.key(["organization:read"]);
    const denied = await unscoped.post(testPath(owner, flattener), {});
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe("API key missing required scope 'plugin:read'");
    const reader = await owner.key(["plugin:read"]);
    expect((await reader.post(testPath(owner, flattener), {})).status).toBe(200);
    const othersKey = await other.key(["plugin:read"]);
    expect((await othersKey.post(testPath(owner, flattener), {})).status).toBe(403);
    const second = await owner.session.post(`/api/organizations/${owner.organizationId}/projects/`, { name: "Second" });
    expect(second.status, second.text).toBe(201);
    expect((await owner.session.post(`/api/projects/${second.body.id}/plugin_configs/${flattener}/test/`, {})).status).toBe(404);
  });
});

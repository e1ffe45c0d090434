import { mkdtempSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { captureAll, eventually, installApp, setUpApp } from "../support/apps";
import { cleanUp, freshDatabase, listenOnLoopback, onCleanUp, onPostgres, ownServer, serverHome } from "../support/batch-exports";
import type { StartedServer } from "../support/server";

// Customer.io, HubSpot, S3 Export and PostgreSQL Export end to end: events in through capture, delivered by the
// server's worker to receivers on loopback (admitted by HEDGEROW_ALLOWED_DESTINATIONS=127.0.0.1; 127.0.0.2 is not):
// the services' APIs (HEDGEROW_CUSTOMERIO_URL, HEDGEROW_HUBSPOT_URL), an S3-compatible server, and on the PostgreSQL
// stage a database of the machine's PostgreSQL. Two attempts per batch, a second apart.
const backend = inject("backend") as "pglite" | "postgres";
const postgresUrl = process.env.TEST_DATABASE_URL;
const APPS = {
  customerio: "https://github.com/PostHog/customerio-plugin",
  hubspot: "https://github.com/PostHog/hubspot-plugin",
  s3: "https://github.com/PostHog/s3-export-plugin",
  postgres: "https://github.com/PostHog/postgres-plugin",
};

const CIO_CHOICES = { host: "track.customer.io", sendEventsFromAnonymousUsers: "Send all events" };

afterAll(cleanUp, 180_000);

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: any;
}
type Answer = (request: Received, n: number) => { status: number; body?: unknown };

/** A service's API on loopback: records the requests it answers with a 2xx; `answer` decides each answer. */
async function service(answer: Answer = () => ({ status: 200 }), host = "127.0.0.1") {
  const received: Received[] = [];
  let requests = 0;
  const server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => {
      const got = { method: request.method!, url: request.url!, headers: request.headers, body: text ? JSON.parse(text) : null };
      const { status, body } = answer(got, requests++);
      if (status < 300) received.push(got);
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body ?? {}));
    });
  });
  const port = await listenOnLoopback(server, host);
  return { url: `http://127.0.0.1:${port}`, port, received, requests: () => requests };
}

describe("more pipeline destinations deliver captured events", () => {
  let server: StartedServer;
  let owner: TestUser;
  let other: TestUser;
  let cio: Awaited<ReturnType<typeof service>>;
  let hub: Awaited<ReturnType<typeof service>>;
  let s3Endpoint: string;
  const plugins: Record<string, number> = {};
  // Customer.io fails its first request once (a retried batch); HubSpot has the contact of `known@example.com`.
  let cioFailures = 1;

  beforeAll(async () => {
    cio = await service(() => (cioFailures-- > 0 ? { status: 503 } : { status: 200 }));
    hub = await service((request) =>
      request.method === "POST" && request.body?.properties?.email === "known@example.com"
        ? { status: 409, body: { status: "error", message: "Contact already exists. Existing ID: 4242" } }
        : { status: 201 },
    );
    const s3Dir = mkdtempSync(path.join(tmpdir(), "hedgerow-apps-s3-"));
    const s3rver = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: "events", configs: [] }],
    });
    s3Endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
    onCleanUp(async () => {
      await s3rver.close();
      rmSync(s3Dir, { recursive: true, force: true });
    });
    server = await ownServer({
      ...(await serverHome("apps-more", backend)),
      env: {
        HEDGEROW_PLUGINS_ACCESS_LEVEL: "6",
        HEDGEROW_BATCH_EXPORT_MAX_ATTEMPTS: "2",
        HEDGEROW_CUSTOMERIO_URL: cio.url,
        HEDGEROW_HUBSPOT_URL: hub.url,
      },
    });
    [owner, other] = await Promise.all([signUp(server.baseUrl), signUp(server.baseUrl)]);
    for (const [name, url] of Object.entries(APPS)) plugins[name] = await installApp(owner, url);
  }, 180_000);

  test("settings an app cannot run with are a 400 on their field; the Test endpoint masks secrets", async () => {
    const configs = `/api/projects/${owner.projectId}/plugin_configs/`;
    const cases: [string, Record<string, unknown>, string][] = [
      ["customerio", { ...CIO_CHOICES, customerioSiteId: "s", customerioToken: "k", host: "evil.example.com" }, "config__host"],
      [
        "hubspot",
        {
          hubspotAccessToken: "t",
          triggeringEvents: "$identify",
          additionalPropertyMappings: Array.from({ length: 101 }, (_, i) => `p${i}:h${i}`).join(","),
        },
        "config__additionalPropertyMappings",
      ],
      ["s3", { awsAccessKey: "a", awsSecretAccessKey: "s", awsRegion: "us-east-1", s3BucketName: "Not_A_Bucket" }, "config__s3BucketName"],
      [
        "postgres",
        { host: "db.example.com", port: "99999", dbName: "d", tableName: "t", dbUsername: "u", dbPassword: "p" },
        "config__port",
      ],
    ];
    for (const [app, config, attr] of cases) {
      const answer = await owner.session.post(configs, { plugin: plugins[app], enabled: true, config });
      expect(answer.status, JSON.stringify(config)).toBe(400);
      expect(answer.body).toMatchObject({ type: "validation_error", attr });
    }
    const saved = await owner.session.post(configs, {
      plugin: plugins.customerio,
      enabled: false,
      config: { ...CIO_CHOICES, customerioSiteId: "site", customerioToken: "cio-secret-key" },
    });
    const tested = await owner.session.post(`${configs}${saved.body.id}/test/`, { event: { event: "signed_up", distinct_id: "ann" } });
    expect(tested.status, tested.text).toBe(200);
    expect(tested.body.requests.map((r: Received) => [r.method, r.url, r.headers.authorization])).toEqual([
      ["PUT", `${cio.url}/api/v1/customers/ann`, "********"],
      ["POST", `${cio.url}/api/v1/customers/ann/events`, "********"],
    ]);
    expect(tested.text).not.toContain("cio-secret-key");
  });

  test("Customer.io: identify and track with Basic auth, filtered events left out, a failed batch retried", async () => {
    await setUpApp(owner, plugins.customerio, {
      ...CIO_CHOICES,
      customerioSiteId: "site-1",
      customerioToken: "key-1",
      eventsToSend: "signed_up, $pageview",
    });
    const uuid = randomUUID();
    await captureAll(server.baseUrl, owner, [
      { event: "signed_up", distinct_id: "ann", uuid, properties: { plan: "pro", $set: { email: "ann@example.com" } } },
      { event: "not_sent", distinct_id: "ann", uuid: randomUUID() },
    ]);
    const [identify, track] = await eventually("the identify and the track", () => cio.received.length >= 2 && cio.received);
    expect(cio.requests()).toBe(3);
    expect(identify).toMatchObject({ method: "PUT", url: "/api/v1/customers/ann", body: { email: "ann@example.com", identifier: "ann" } });
    expect(track).toMatchObject({ method: "POST", url: "/api/v1/customers/ann/events", body: { name: "signed_up", type: "event" } });
    expect(track.body.data).toMatchObject({ plan: "pro" });
    expect(track.body.data).not.toHaveProperty("$set");
    for (const request of [identify, track])
      expect(request.headers.authorization).toBe(`Basic ${Buffer.from("site-1:key-1").toString("base64")}`);
  });

  test("HubSpot: an $identify with an email creates the contact, or updates it when it exists; other events are not sent", async () => {
    await setUpApp(owner, plugins.hubspot, {
      hubspotAccessToken: "pat-1",
      triggeringEvents: "$identify",
      additionalPropertyMappings: "plan:hs_plan",
    });
    await captureAll(server.baseUrl, owner, [
      {
        event: "$identify",
        distinct_id: "bo",
        uuid: randomUUID(),
        properties: { $set: { email: "bo@example.com", firstName: "Bo", plan: "team" } },
      },
      { event: "$identify", distinct_id: "known", uuid: randomUUID(), properties: { $set: { email: "known@example.com" } } },
      { event: "$pageview", distinct_id: "cy@example.com", uuid: randomUUID() },
    ]);
    await eventually("the contact created and the one updated", () => hub.received.length >= 2);
    const sorted = [...hub.received].sort((a, b) => a.method.localeCompare(b.method));
    expect(sorted.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
      ["PATCH", "/crm/v3/objects/contacts/4242", "Bearer pat-1"],
      ["POST", "/crm/v3/objects/contacts", "Bearer pat-1"],
    ]);
    expect(sorted[1].body).toEqual({ properties: { email: "bo@example.com", firstname: "Bo", hs_plan: "team" } });
    expect(hub.requests()).toBe(3);
  });

  test("S3 Export: a batch is one JSON Lines object under the prefix; another project's events are never in it", async () => {
    const config = { awsAccessKey: "S3RVER", awsSecretAccessKey: "S3RVER", awsRegion: "us-east-1", s3BucketName: "events" };
    await setUpApp(owner, plugins.s3, {
      ...config,
      s3BucketEndpoint: s3Endpoint,
      prefix: "owner/",
      compression: "gzip",
      eventsToIgnore: "skipped",
    });
    await setUpApp(other, await installApp(other, APPS.s3), {
      ...config,
      s3BucketEndpoint: s3Endpoint,
      prefix: "other/",
      compression: "gzip",
    });
    const mine = {
      event: "exported",
      distinct_id: "dee",
      uuid: randomUUID(),
      timestamp: "2024-06-01T10:00:00.000Z",
      properties: { $ip: "1.2.3.4" },
    };
    await captureAll(server.baseUrl, other, [
      { event: "exported", distinct_id: "eve", uuid: randomUUID(), timestamp: "2024-06-01T10:00:00.000Z" },
    ]);
    await captureAll(server.baseUrl, owner, [mine, { event: "skipped", distinct_id: "dee", uuid: randomUUID() }]);
    const s3 = new S3Client({
      region: "us-east-1",
      endpoint: s3Endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    onCleanUp(() => s3.destroy());
    const listed = async (prefix: string) => (await s3.send(new ListObjectsV2Command({ Bucket: "events", Prefix: prefix }))).Contents ?? [];
    const [object] = await eventually("the owner's object", async () => (await listed("owner/")).length > 0 && listed("owner/"));
    expect(object.Key).toMatch(/^owner\/2024-06-01\/2024-06-01T10:00:00\.000Z-2024-06-01T10:00:00\.001Z-\d+\.jsonl\.gz$/);
    const body = await (await s3.send(new GetObjectCommand({ Bucket: "events", Key: object.Key }))).Body!.transformToByteArray();
    const lines = gunzipSync(Buffer.from(body))
      .toString()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      expect.objectContaining({ uuid: mine.uuid, event: "exported", distinct_id: "dee", team_id: owner.projectId, ip: "1.2.3.4" }),
    ]);
    await eventually("the other project's object", async () => (await listed("other/")).length > 0);
  });

  test.skipIf(!postgresUrl)("PostgreSQL Export: each event is a row of the table, created if missing", async () => {
    const destination = await freshDatabase("apps_pg");
    await setUpApp(owner, plugins.postgres, {
      host: destination.host,
      port: String(destination.port),
      dbName: destination.database,
      tableName: "posthog_event",
      dbUsername: destination.user,
      dbPassword: destination.password || "unused",
      eventsToIgnore: "skipped, exported, signed_up, not_sent, $identify, $pageview",
    });
    const sent = [1, 2].map((i) => ({ event: "stored", distinct_id: "fay", uuid: randomUUID(), properties: { i, $set: { plan: "pro" } } }));
    await captureAll(server.baseUrl, owner, [...sent, { event: "skipped", distinct_id: "fay", uuid: randomUUID() }]);
    const rows = await eventually("the rows", async () => {
      const found = await onPostgres(["SELECT to_regclass('public.posthog_event') AS t"], destination.database);
      if (!found[0].rows[0].t) return false;
      const [{ rows }] = await onPostgres(
        ["SELECT uuid, event, distinct_id, team_id, properties, set FROM posthog_event ORDER BY uuid"],
        destination.database,
      );
      return rows.length >= 2 && rows;
    });
    expect(rows.map((row) => row.uuid).sort()).toEqual(sent.map((event) => event.uuid).sort());
    expect(rows[0]).toMatchObject({ event: "stored", distinct_id: "fay", team_id: owner.projectId, set: { plan: "pro" } });
  });

  test("a private address is refused: the app is disabled after repeated failed batches, nothing reached", async () => {
    // Listening on every loopback address, reached as 127.0.0.2: not in HEDGEROW_ALLOWED_DESTINATIONS.
    const store = await service(() => ({ status: 200 }), "0.0.0.0");
    const id = await setUpApp(owner, plugins.s3, {
      awsAccessKey: "a",
      awsSecretAccessKey: "s",
      awsRegion: "us-east-1",
      s3BucketName: "events",
      s3BucketEndpoint: `http://127.0.0.2:${store.port}`,
      eventsToIgnore: "exported, skipped, stored, signed_up, not_sent, $identify, $pageview",
    });
    for (let i = 0; i < 3; i++) await captureAll(server.baseUrl, owner, [{ event: "refused", distinct_id: "zed", uuid: randomUUID() }]);
    const disabled = await eventually(
      "the app disabled",
      async () => {
        const { body } = await owner.session.get(`/api/projects/${owner.projectId}/plugin_configs/${id}/`);
        return body.enabled === false && body;
      },
      45_000,
    );
    expect(disabled.error.message).toMatch(/^Disabled after 3 batches of events could not be delivered/);
    expect(store.requests()).toBe(0);
  }, 60_000);
});

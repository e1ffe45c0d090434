import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import LZString from "lz-string";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { recordedBody, recordedRequests } from "@/lib/capture/fixtures/sdk-requests";
import { signUp, type ApiResponse, type TestUser } from "../support/api";
import { listAllEvents, projectToken, sendRaw, type RawRequest } from "../support/events";

const baseUrl = inject("baseUrl");
const ORIGIN = "https://shop.example.com";
const CAPTURE_PATHS = ["/e", "/i/v0/e", "/capture", "/batch", "/track"];

type Sent = RawRequest;

/** A request as an SDK or browser sends it: no session, an Origin, the raw body. */
const send = (path: string, sent: Sent = {}): Promise<ApiResponse> =>
  sendRaw(baseUrl, path, { ...sent, headers: { origin: ORIGIN, ...sent.headers } });

const json = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
  send(path, { headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(payload) });

const b64 = (text: string) => Buffer.from(text).toString("base64");

const OK = { status: 1 };

function expectCors(response: ApiResponse) {
  expect(response.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  expect(response.headers.get("access-control-allow-credentials")).toBe("true");
}

describe("capture routes", () => {
  let user: TestUser;
  let token: string;
  beforeAll(async () => {
    user = await signUp(baseUrl);
    token = await projectToken(user);
  });

  test("every route, with and without its trailing slash, takes POST and GET and answers OPTIONS with CORS", async () => {
    const distinctId = `routes-${randomUUID()}`;
    const sent: string[] = [];
    for (const base of CAPTURE_PATHS) {
      for (const path of [base, `${base}/`]) {
        const posted = randomUUID();
        const post = await json(path, { api_key: token, event: "route post", distinct_id: distinctId, uuid: posted, properties: { path } });
        expect(post.status, `POST ${path}`).toBe(200);
        expect(post.body).toEqual(OK);
        expectCors(post);

        const got = randomUUID();
        const data = b64(JSON.stringify({ event: "route get", distinct_id: distinctId, uuid: got, properties: { token, path } }));
        const get = await send(`${path}?data=${encodeURIComponent(data)}`, { method: "GET" });
        expect(get.status, `GET ${path}`).toBe(200);
        expect(get.body).toEqual(OK);
        expectCors(get);

        const preflight = await send(path, {
          method: "OPTIONS",
          headers: { "access-control-request-method": "POST", "access-control-request-headers": "content-type,content-encoding" },
        });
        expect(preflight.status, `OPTIONS ${path}`).toBe(200);
        expect(preflight.body).toEqual(OK);
        expectCors(preflight);
        expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
        expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-encoding");
        sent.push(posted, got);
      }
    }
    const stored = await listAllEvents(user, { distinct_id: distinctId });
    expect(stored.map((e) => e.id).sort()).toEqual(sent.sort());
  });

  test("without an Origin, CORS allows any", async () => {
    const response = await fetch(new URL("/e/", baseUrl), { method: "OPTIONS" });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("capture body encodings", () => {
  let user: TestUser;
  let token: string;
  beforeAll(async () => {
    user = await signUp(baseUrl);
    token = await projectToken(user);
  });

  test("the SDKs' recorded requests, replayed with their headers, are stored as sent", async () => {
    const recorded = recordedRequests().filter((r) => r.method === "POST" && /^\/(e|batch)\//.test(r.url));
    const expected = new Map<string, { event: string; distinct_id: string }>();
    for (const request of recorded) {
      // The recordings' project token is swapped for this project's, in the body as sent.
      const body = JSON.parse(JSON.stringify(request.body_json).replaceAll("phc_test_project_token", token));
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => ["content-type", "content-encoding", "user-agent"].includes(name)),
      );
      const response = await send(request.url, { headers, body: recordedBody({ ...request, body_json: body }) });
      expect(response.status, request.name).toBe(200);
      expect(response.body).toEqual(OK);
      for (const event of body.batch)
        expected.set(event.uuid, { event: event.event, distinct_id: event.distinct_id ?? event.properties.distinct_id });
    }
    const stored = await listAllEvents(user);
    // Several recordings share their uuids (the same scenario replayed): each uuid is stored once.
    expect(stored).toHaveLength(expected.size);
    for (const event of stored) expect({ event: event.event, distinct_id: event.distinct_id }).toEqual(expected.get(event.id));
  });

  test("every encoding PostHog accepts", async () => {
    const distinctId = `enc-${randomUUID()}`;
    const make = (name: string) => ({
      event: name,
      distinct_id: distinctId,
      uuid: randomUUID(),
      properties: { token, enc: name, ü: "✓ +/=" },
    });
    const cases: [string, (event: ReturnType<typeof make>) => [string, Sent]][] = [
      ["json", (e) => ["/e/", { headers: { "content-type": "application/json" }, body: JSON.stringify(e) }]],
      ["untyped json", (e) => ["/e/", { body: Buffer.from(JSON.stringify(e)) }]],
      [
        "gzip header",
        (e) => ["/e/", { headers: { "content-type": "application/json", "content-encoding": "gzip" }, body: gzipSync(JSON.stringify(e)) }],
      ],
      ["gzip sniffed", (e) => ["/e/", { headers: { "content-type": "text/plain" }, body: gzipSync(JSON.stringify(e)) }]],
      [
        "gzip-js query",
        (e) => ["/e/?compression=gzip-js&ver=1.0", { headers: { "content-type": "text/plain" }, body: gzipSync(JSON.stringify(e)) }],
      ],
      [
        "lz64",
        (e) => ["/e/?compression=lz64", { headers: { "content-type": "text/plain" }, body: LZString.compressToBase64(JSON.stringify(e)) }],
      ],
      [
        "lz64 form",
        (e) => [
          "/e/",
          {
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: `compression=lz64&data=${encodeURIComponent(LZString.compressToBase64(JSON.stringify(e)))}`,
          },
        ],
      ],
      [
        "base64 form",
        (e) => [
          "/e/?compression=base64",
          { headers: { "content-type": "application/x-www-form-urlencoded" }, body: `data=${encodeURIComponent(b64(JSON.stringify(e)))}` },
        ],
      ],
      [
        "base64 form, + as spaces",
        (e) => ["/e/", { headers: { "content-type": "application/x-www-form-urlencoded" }, body: `data=${b64(JSON.stringify(e))}` }],
      ],
      [
        "json form",
        (e) => [
          "/e/",
          { headers: { "content-type": "application/x-www-form-urlencoded" }, body: `data=${encodeURIComponent(JSON.stringify(e))}` },
        ],
      ],
      ["raw base64", (e) => ["/e/", { headers: { "content-type": "text/plain" }, body: b64(JSON.stringify(e)) }]],
      ["get json", (e) => [`/e/?data=${encodeURIComponent(JSON.stringify(e))}`, { method: "GET" }]],
      [
        "multipart",
        (e) => {
          const form = new FormData();
          form.set("data", JSON.stringify(e));
          return ["/e/", { body: form as unknown as string }];
        },
      ],
      ["array", (e) => ["/batch/", { headers: { "content-type": "application/json" }, body: JSON.stringify([e]) }]],
      [
        "nan",
        (e) => [
          "/e/",
          { headers: { "content-type": "application/json" }, body: JSON.stringify(e).replace('"enc"', '"nan":NaN,"inf":-Infinity,"enc"') },
        ],
      ],
    ];
    const sent = new Map<string, ReturnType<typeof make>>();
    for (const [name, build] of cases) {
      const event = make(name);
      const [path, request] = build(event);
      const response = await send(path, request);
      expect(response.status, `${name}: ${response.text}`).toBe(200);
      expect(response.body).toEqual(OK);
      sent.set(event.uuid, event);
    }
    const stored = await listAllEvents(user, { distinct_id: distinctId });
    expect(stored).toHaveLength(cases.length);
    for (const event of stored) {
      const original = sent.get(event.id)!;
      expect(event.event).toBe(original.event);
      expect(event.properties).toMatchObject(original.properties);
      if (event.event === "nan") expect(event.properties).toMatchObject({ nan: null, inf: null });
    }
  });

  test("token from properties, $token, a form field or the query string", async () => {
    const distinctId = `tok-${randomUUID()}`;
    const event = { event: "t", distinct_id: distinctId };
    for (const [path, request] of [
      ["/e/", { headers: { "content-type": "application/json" }, body: JSON.stringify({ ...event, properties: { token } }) }],
      ["/e/", { headers: { "content-type": "application/json" }, body: JSON.stringify({ ...event, $token: token }) }],
      ["/e/", { headers: { "content-type": "application/json" }, body: JSON.stringify({ ...event, token }) }],
      [
        "/e/",
        {
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: `api_key=${token}&data=${encodeURIComponent(JSON.stringify(event))}`,
        },
      ],
      [`/e/?token=${token}&data=${encodeURIComponent(JSON.stringify(event))}`, { method: "GET" }],
      [`/e/?api_key=${token}&data=${encodeURIComponent(JSON.stringify(event))}`, { method: "GET" }],
    ] as [string, Sent][]) {
      const response = await send(path, request);
      expect(response.status, `${path} ${response.text}`).toBe(200);
    }
    expect(await listAllEvents(user, { distinct_id: distinctId })).toHaveLength(6);
  });

  test("sent_at corrects the client's clock; historical_migration and offset as PostHog", async () => {
    const distinctId = `skew-${randomUUID()}`;
    // The client's clock is a day behind: its "now" is stored as the server's now.
    const clientNow = new Date(Date.now() - 86_400_000);
    const skewed = { event: "skewed", distinct_id: distinctId, timestamp: new Date(clientNow.getTime() - 5000).toISOString() };
    const before = Date.now();
    expect((await json("/batch/", { api_key: token, batch: [skewed], sent_at: clientNow.toISOString() })).status).toBe(200);
    const historic = { event: "historic", distinct_id: distinctId, timestamp: "2021-03-04T05:06:07.000Z" };
    const batch = { api_key: token, batch: [historic], sent_at: clientNow.toISOString(), historical_migration: true };
    expect((await json("/batch/", batch)).status).toBe(200);
    const viaQuery = {
      event: "js",
      distinct_id: distinctId,
      timestamp: new Date(clientNow.getTime() - 1000).toISOString(),
      properties: { token },
    };
    expect((await json(`/e/?_=${clientNow.getTime()}`, viaQuery)).status).toBe(200);
    expect((await json("/e/", { event: "offset", distinct_id: distinctId, offset: 60_000, properties: { token } })).status).toBe(200);
    const after = Date.now();

    const stored = Object.fromEntries(
      (await listAllEvents(user, { distinct_id: distinctId })).map((e) => [e.event, Date.parse(e.timestamp)]),
    );
    expect(stored.skewed).toBeGreaterThanOrEqual(before - 5000 - 1);
    expect(stored.skewed).toBeLessThanOrEqual(after - 5000 + 1);
    expect(stored.historic).toBe(Date.parse("2021-03-04T05:06:07.000Z"));
    expect(stored.js).toBeGreaterThanOrEqual(before - 1000 - 1);
    expect(stored.js).toBeLessThanOrEqual(after - 1000 + 1);
    expect(stored.offset).toBeGreaterThanOrEqual(before - 60_000 - 1);
    expect(stored.offset).toBeLessThanOrEqual(after - 60_000 + 1);
  });

  test("a retried request (same uuids) is stored once", async () => {
    const distinctId = `retry-${randomUUID()}`;
    const batch = {
      api_key: token,
      batch: [1, 2, 3].map((n) => ({ event: `r${n}`, distinct_id: distinctId, uuid: randomUUID(), timestamp: "2026-01-01T00:00:00Z" })),
    };
    for (let i = 0; i < 3; i++) expect((await json("/batch/", batch)).body).toEqual(OK);
    const stored = await listAllEvents(user, { distinct_id: distinctId });
    expect(stored).toHaveLength(3);
  });
});

describe("capture errors", () => {
  let user: TestUser;
  let token: string;
  beforeAll(async () => {
    user = await signUp(baseUrl);
    token = await projectToken(user);
  });

  const error = (type: string, code: string, detail: string) => ({ type, code, detail, attr: null });

  test("no token: 401 missing_api_key", async () => {
    const response = await json("/e/", { event: "e", distinct_id: "d" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      error(
        "authentication_error",
        "missing_api_key",
        "API key not provided. You can find your project API key in PostHog project settings.",
      ),
    );
    expectCors(response);
  });

  test("unknown token: 401 invalid_api_key; a token that cannot be one: 401 with the reason", async () => {
    const unknown = await json("/batch/", { api_key: "phc_unknown_token", batch: [{ event: "e", distinct_id: "d" }] });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(
      error(
        "authentication_error",
        "invalid_api_key",
        "Project API key invalid. You can find your project API key in PostHog project settings.",
      ),
    );
    const personal = await json("/e/", { api_key: "phx_personal", event: "e", distinct_id: "d" });
    expect(personal.status).toBe(401);
    expect(personal.body).toEqual(error("authentication_error", "personal_api_key", "Provided API key is not valid: personal_api_key"));
    const long = await json("/e/", { api_key: "x".repeat(100), event: "e", distinct_id: "d" });
    expect(long.body.code).toBe("too_long");
  });

  test("malformed bodies: 400 invalid_payload", async () => {
    for (const request of [
      { headers: { "content-type": "application/json" }, body: "{not json" },
      { headers: { "content-encoding": "gzip" }, body: Buffer.from("not gzip at all") },
      { headers: { "content-type": "text/plain" }, body: Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4]) },
      { body: "!!!" },
    ] as Sent[]) {
      const response = await send("/e/", request);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ type: "validation_error", code: "invalid_payload", attr: null });
      expect(response.body.detail).toMatch(/^Malformed request data: /);
      expectCors(response);
    }
    const badSentAt = await json("/batch/", { api_key: token, batch: [{ event: "e", distinct_id: "d" }], sent_at: "yesterday" });
    expect(badSentAt.status).toBe(400);
    expect(badSentAt.body.detail).toMatch(/^Malformed request data, invalid sent at: /);
  });

  test("no data: 400 no_data", async () => {
    const noData = error(
      "validation_error",
      "no_data",
      "No data found. Make sure to use a POST request when sending the payload in the body of the request.",
    );
    for (const response of [await send("/e/"), await json("/e/", {}), await json("/batch/", []), await send("/e/", { method: "GET" })]) {
      expect(response.status).toBe(400);
      expect(response.body).toEqual(noData);
    }
  });

  test("too large: 413 request_too_large — 2 MB for events, 20 MB for /batch/, decompressed too", async () => {
    const big = (bytes: number) =>
      JSON.stringify({
        api_key: token,
        batch: [{ event: "big", distinct_id: `big-${randomUUID()}`, properties: { pad: "x".repeat(bytes) } }],
      });
    const tooLarge = error("client_error", "request_too_large", "Request too large.");
    const onEvents = await send("/e/", { headers: { "content-type": "application/json" }, body: big(3 * 1024 * 1024) });
    expect(onEvents.status).toBe(413);
    expect(onEvents.body).toEqual(tooLarge);
    expectCors(onEvents);
    const onBatch = await send("/batch/", { headers: { "content-type": "application/json" }, body: big(3 * 1024 * 1024) });
    expect(onBatch.status).toBe(200);
    const overBatch = await send("/batch/", { headers: { "content-type": "application/json" }, body: big(21 * 1024 * 1024) });
    expect(overBatch.status).toBe(413);

    // 100 MB of spaces gzip to ~100 kB: refused once decompression passes the limit, without inflating it all.
    const bomb = gzipSync(Buffer.alloc(100 * 1024 * 1024, 0x20));
    for (const [path, headers] of [
      ["/e/", { "content-encoding": "gzip", "content-type": "application/json" }],
      ["/batch/", { "content-type": "text/plain" }],
      ["/i/v0/e/?compression=gzip-js", { "content-type": "text/plain" }],
    ] as [string, Record<string, string>][]) {
      const response = await send(path, { headers, body: bomb });
      expect(response.status, path).toBe(413);
      expect(response.body).toEqual(tooLarge);
    }
  });

  test("invalid events are reported by index while the valid ones are stored; none valid is a 400", async () => {
    const distinctId = `mixed-${randomUUID()}`;
    const good = () => ({ event: "good", distinct_id: distinctId, uuid: randomUUID() });
    const batch = [
      good(),
      { event: "no id" },
      good(),
      { event: "bad uuid", distinct_id: distinctId, uuid: "nope" },
      { distinct_id: distinctId },
      good(),
    ];
    const response = await json("/batch/", { api_key: token, batch });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 1,
      invalid_events: [
        { index: 1, reason: 'All events must have the event field "distinct_id"!' },
        { index: 3, reason: 'Event field "uuid" is not a valid UUID!' },
        { index: 4, reason: 'All events must have the event name field "event"!' },
      ],
    });
    const stored = await listAllEvents(user, { distinct_id: distinctId });
    expect(stored.map((e) => e.id).sort()).toEqual([batch[0], batch[2], batch[5]].map((e) => (e as { uuid: string }).uuid).sort());

    const noneValid = await json("/batch/", { api_key: token, batch: [{ event: "x" }, { distinct_id: "y" }] });
    expect(noneValid.status).toBe(400);
    expect(noneValid.body).toEqual(
      error("validation_error", "invalid_payload", 'Invalid payload: All events must have the event field "distinct_id"!'),
    );
    const blank = await json("/e/", { api_key: token, event: "e", distinct_id: "" });
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toBe('Invalid payload: Event field "distinct_id" should not be blank!');
  });

  test("methods other than GET, POST and OPTIONS are refused", async () => {
    const response = await fetch(new URL("/e/", baseUrl), { method: "PUT", body: "{}" });
    expect(response.status).toBe(405);
  });
});

describe("flags and decide", () => {
  let user: TestUser;
  let token: string;
  beforeAll(async () => {
    user = await signUp(baseUrl);
    token = await projectToken(user);
  });

  const config = {
    config: { enable_collect_everything: true },
    supportedCompression: ["gzip", "gzip-js"],
    sessionRecording: false,
    autocapture_opt_out: false,
    siteApps: [],
    analytics: { endpoint: "/i/v0/e/" },
  };

  test("each version's empty flags, with the config posthog-js reads, on every path spelling", async () => {
    const cases: [string, Record<string, unknown>, string[]][] = [
      ["/decide/", { featureFlags: [] }, ["flags", "featureFlagPayloads"]],
      ["/decide/?v=1", { featureFlags: [] }, ["flags"]],
      ["/decide/?v=2", { featureFlags: {} }, ["flags", "errorsWhileComputingFlags"]],
      ["/decide/?v=3", { featureFlags: {}, featureFlagPayloads: {}, errorsWhileComputingFlags: false }, ["flags"]],
      ["/decide/?v=4", { flags: {}, errorsWhileComputingFlags: false }, ["featureFlags"]],
      ["/decide?v=3", { featureFlags: {}, featureFlagPayloads: {}, errorsWhileComputingFlags: false }, ["flags"]],
      ["/flags/?v=1", { featureFlags: {}, featureFlagPayloads: {}, errorsWhileComputingFlags: false }, ["flags"]],
      ["/flags/?v=2", { flags: {}, errorsWhileComputingFlags: false }, ["featureFlags"]],
      ["/flags?v=2&config=true", { flags: {}, errorsWhileComputingFlags: false }, ["featureFlags"]],
    ];
    for (const [path, flags, absent] of cases) {
      const response = await json(path, { token, distinct_id: "user-1", groups: {} });
      expect(response.status, path).toBe(200);
      expect(response.body).toMatchObject({ ...config, ...flags, requestId: expect.any(String) });
      for (const key of absent) expect(response.body, `${path} has no ${key}`).not.toHaveProperty(key);
      expectCors(response);
    }
  });

  test("the SDKs' recorded flags requests (posthog-js gzip as text/plain, posthog-node JSON)", async () => {
    for (const request of recordedRequests().filter((r) => r.url.startsWith("/flags/?"))) {
      const body = JSON.parse(JSON.stringify(request.body_json).replaceAll("phc_test_project_token", token));
      const response = await send(request.url, {
        headers: { "content-type": request.headers["content-type"] },
        body: recordedBody({ ...request, body_json: body }),
      });
      expect(response.status, request.name).toBe(200);
      expect(response.body).toMatchObject({ flags: {}, errorsWhileComputingFlags: false });
    }
  });

  test("GET and OPTIONS", async () => {
    for (const path of ["/decide/", "/flags/", "/flags"]) {
      const get = await send(path, { method: "GET" });
      expect(get.status).toBe(200);
      expect(get.body).toMatchObject({ ...config, featureFlags: {} });
      const options = await send(path, { method: "OPTIONS" });
      expect(options.body).toEqual(OK);
      expectCors(options);
    }
  });

  test("errors as decide answers them", async () => {
    const hint = "You can find your project API key in PostHog project settings.";
    const noToken = await json("/flags/?v=2", { distinct_id: "d" });
    expect(noToken.status).toBe(401);
    expect(noToken.body).toEqual({
      type: "authentication_error",
      code: "no_api_key",
      detail: `No project API key provided. ${hint}`,
      attr: null,
    });
    const unknown = await json("/decide/?v=3", { token: "phc_nope", distinct_id: "d" });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({
      type: "authentication_error",
      code: "invalid_api_key",
      detail: `Project API key invalid. ${hint}`,
      attr: null,
    });
    const noDistinctId = await json("/flags/?v=2", { token });
    expect(noDistinctId.status).toBe(400);
    expect(noDistinctId.body).toEqual({
      type: "validation_error",
      code: "missing_distinct_id",
      detail: "Decide requires a distinct_id.",
      attr: null,
    });
    const disabled = await json("/flags/?v=2", { token, disable_flags: true });
    expect(disabled.status).toBe(200);
    const malformed = await send("/decide/?v=3", { headers: { "content-type": "application/json" }, body: "{oops" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ type: "validation_error", code: "malformed_data" });
    expect(malformed.body.detail).toMatch(/^Malformed request data: /);
  });

  test("local evaluation definitions: an empty list for a personal API key of the project", async () => {
    const key = await user.key(["feature_flag:read"]);
    const expected = { flags: [], group_type_mapping: {}, cohorts: {} };
    for (const path of [
      `/api/feature_flag/local_evaluation/?token=${token}&send_cohorts`,
      `/flags/definitions?token=${token}&send_cohorts`,
      "/api/feature_flag/local_evaluation",
    ]) {
      const response = await key.get(path);
      expect(response.status, path).toBe(200);
      expect(response.body).toEqual(expected);
    }
    const noKey = await fetch(new URL(`/flags/definitions?token=${token}`, baseUrl));
    expect(noKey.status).toBe(401);
    const wrongScope = await (await user.key(["insight:read"])).get(`/api/feature_flag/local_evaluation/?token=${token}`);
    expect(wrongScope.status).toBe(403);
    const stranger = await (await signUp(baseUrl)).key(["feature_flag:read"]);
    expect((await stranger.get(`/api/feature_flag/local_evaluation/?token=${token}`)).status).toBe(403);
    expect((await key.get("/api/feature_flag/local_evaluation/?token=phc_unknown")).status).toBe(401);
  });
});

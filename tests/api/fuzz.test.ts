import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { type ApiClient, documentedApi, joinAs, signUp, type TestUser } from "../support/api";
import { CAPTURE_ENCODINGS, projectToken, sendEvents, sendRaw } from "../support/events";
import { pageviewTrendsQuery } from "../support/insights";
import {
  exampleOf,
  INVALID_IDS,
  MALFORMED_BODIES,
  MALFORMED_JSON_VALUES,
  MALFORMED_QUERY_VALUES,
  resolveSchema,
  seededRandom,
  seedOf,
  shuffled,
} from "../support/fuzz";

// The hardening issue's black-box check, kept true: every operation of the server's own OpenAPI document gets
// malformed paths, query parameters and bodies, and none may answer a 5xx. Errors must be PostHog's JSON (the
// test client checks every answer against the document, error bodies included).

const baseUrl = inject("baseUrl");

/** Requests per operation (fixed cases first, then a seeded sample of spoilt fields), dealt to both credentials. */
const CASES_PER_OPERATION = 36;
/** Requests per capture or flags route, over all encodings. */
const CASES_PER_CLIENT_ROUTE = 60;

interface FuzzCase {
  label: string;
  path: string;
  contentType?: string;
  body?: string | Uint8Array;
}

interface Operation {
  method: string;
  template: string;
  parameters: { name: string; in: "path" | "query" }[];
  bodySchema?: Record<string, unknown>;
}

const { document } = await documentedApi(baseUrl);
const components = document.components.schemas;

/**
 * What ends something later operations use runs last: deletes (on throwaway resources), the sharing token's
 * refresh (the fuzz of `/api/shared/{accessToken}/` uses the token), then signing out (the session itself).
 */
const runOrder = ({ method, template }: Operation) =>
  template === "/api/logout/" ? 2 : method === "DELETE" || template.endsWith("/sharing/refresh/") ? 1 : 0;

// An `/api/environments/` operation runs its `/api/projects/` twin's declaration: fuzzing one covers both.
const operations: Operation[] = Object.entries(document.paths)
  .filter(([template]) => !template.startsWith("/api/environments/"))
  .flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      parameters: operation.parameters ?? [],
      bodySchema: operation.requestBody?.content["application/json"].schema,
    })),
  )
  .sort((a, b) => runOrder(a) - runOrder(b));

/** Real ids for path parameters; a DELETE's last parameter names a throwaway resource of its own. */
let ids: Record<string, string>;
let throwaway: Record<string, string>;
let owner: TestUser;
let credentials: { name: string; client: ApiClient }[];
/** Another member's: signing out everywhere ends the sessions of whoever calls it. */
let signOutEverywhereCredentials: { name: string; client: ApiClient }[];

const statuses = new Map<number, number>();
let requestCount = 0;
const started = Date.now();

beforeAll(async () => {
  owner = await signUp(baseUrl);
  const session = owner.session;
  const orgPath = `/api/organizations/${owner.organizationId}`;
  const projectPath = `/api/projects/${owner.projectId}`;
  const created = async (path: string, body: unknown) => {
    const response = await session.post(path, body);
    if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${response.text}`);
    return response.body;
  };
  const [member, otherMember] = [await joinAs(owner, 1), await joinAs(owner, 1)];
  const invites = [
    await created(`${orgPath}/invites/`, { target_email: "fuzz-invite-1@example.com" }),
    await created(`${orgPath}/invites/`, { target_email: "fuzz-invite-2@example.com" }),
  ];
  const domains = [
    await created(`${orgPath}/domains/`, { domain: "fuzz-1.example.com" }),
    await created(`${orgPath}/domains/`, { domain: "fuzz-2.example.com" }),
  ];
  const keys = [
    await created("/api/personal_api_keys/", { label: "fuzz 1", scopes: ["*"] }),
    await created("/api/personal_api_keys/", { label: "fuzz 2", scopes: ["*"] }),
  ];
  const insights = [
    await created(`${projectPath}/insights/`, { name: "fuzz 1" }),
    await created(`${projectPath}/insights/`, { name: "fuzz 2" }),
  ];
  const actions = [
    await created(`${projectPath}/actions/`, { name: "fuzz 1", steps: [{ event: "$pageview" }] }),
    await created(`${projectPath}/actions/`, { name: "fuzz 2", steps: [{ event: "$pageview" }] }),
  ];
  const cohortBody = (name: string) => ({
    name,
    filters: { properties: { type: "AND", values: [{ type: "person", key: "a", operator: "is_set" }] } },
  });
  const cohorts = [
    await created(`${projectPath}/cohorts/`, cohortBody("fuzz 1")),
    await created(`${projectPath}/cohorts/`, cohortBody("fuzz 2")),
  ];
  const dashboards = [
    await created(`${projectPath}/dashboards/`, { name: "fuzz 1" }),
    await created(`${projectPath}/dashboards/`, { name: "fuzz 2" }),
  ];
  const annotations = await Promise.all(
    ["fuzz 1", "fuzz 2", "fuzz 3"].map((content) =>
      created(`${projectPath}/annotations/`, { content, date_marker: "2024-01-01T00:00:00Z", scope: "project" }),
    ),
  );
  const trend = await created(`${projectPath}/insights/`, { name: "fuzz trend", query: pageviewTrendsQuery() });
  const alertBody = (name: string) => ({
    insight: trend.id,
    name,
    threshold: { configuration: { type: "absolute", bounds: { upper: 1 } } },
  });
  const alerts = [
    await created(`${projectPath}/alerts/`, alertBody("fuzz 1")),
    await created(`${projectPath}/alerts/`, alertBody("fuzz 2")),
  ];
  const subscriptionBody = (title: string) => ({
    insight: trend.id,
    target_type: "email",
    target_value: "fuzz@example.com",
    frequency: "weekly",
    start_date: "2026-01-05T09:00:00Z",
    title,
  });
  const subscriptions = [
    await created(`${projectPath}/subscriptions/`, subscriptionBody("fuzz 1")),
    await created(`${projectPath}/subscriptions/`, subscriptionBody("fuzz 2")),
  ];
  const exportBody = (name: string) => ({ name, destination: { type: "NoOp", config: {} }, interval: "hour" });
  const batchExports = [
    await created(`${orgPath}/batch_exports/`, exportBody("fuzz 1")),
    await created(`${orgPath}/batch_exports/`, exportBody("fuzz 2")),
  ];
  const backfill = { start_at: "2024-01-01T00:00:00Z", end_at: "2024-01-01T01:00:00Z" };
  expect((await session.post(`${orgPath}/batch_exports/${batchExports[0].id}/backfill/`, backfill)).status).toBe(200);
  const runs = (await session.get(`${orgPath}/batch_exports/${batchExports[0].id}/runs/`)).body.results;
  // Pipeline apps from the catalog (one id serves every family's routes: the others answer 404), and set-ups of them.
  const plugins = [
    await created(`${orgPath}/pipeline_destinations/`, { url: "https://github.com/PostHog/hubspot-plugin" }),
    await created(`${orgPath}/pipeline_destinations/`, { url: "https://github.com/PostHog/customerio-plugin" }),
  ];
  const pluginConfigs = [
    await created(`${projectPath}/plugin_configs/`, { plugin: plugins[0].id, enabled: false }),
    await created(`${projectPath}/plugin_configs/`, { plugin: plugins[1].id, enabled: false }),
  ];
  const project = await created("/api/projects/", { name: "fuzz throwaway" });
  // Creating an organization makes it the current one: the fuzz's `@current` stays the owner's first.
  const organization = await created("/api/organizations/", { name: "fuzz throwaway" });
  expect((await session.patch("/api/users/@me/", { set_current_organization: owner.organizationId })).status).toBe(200);
  await sendEvents(baseUrl, owner, [
    { event: "$pageview", distinct_id: "fuzz-person", properties: { fuzz_1: 1 } },
    { event: "fuzz event", distinct_id: "fuzz-person", properties: { fuzz_2: "a" } },
  ]);
  const persons = await session.get(`${projectPath}/persons/`);
  const eventDefinitions = (await session.get(`${projectPath}/event_definitions/?ordering=name`)).body.results;
  const propertyDefinitions = (await session.get(`${projectPath}/property_definitions/`)).body.results;
  const sharing = await session.patch(`${projectPath}/insights/${insights[0].id}/sharing/`, { enabled: true });
  expect(sharing.status, sharing.text).toBe(200);
  const queries = await Promise.all(
    ["select count() from events", "select 1"].map((query) =>
      session.post(`${projectPath}/query/`, { query: { kind: "HogQLQuery", query }, refresh: "force_async" }),
    ),
  );
  for (const started of queries) expect(started.status, started.text).toBe(202);

  ids = {
    organizationId: owner.organizationId,
    userUuid: member.user.uuid,
    inviteId: invites[0].id,
    domainId: domains[0].id,
    projectId: String(owner.projectId),
    userId: "@me",
    keyId: keys[0].id,
    personId: persons.body.results[0].id,
    insightId: String(insights[0].id),
    annotationId: String(annotations[0].id),
    alertId: alerts[0].id,
    subscriptionId: String(subscriptions[0].id),
    actionId: String(actions[0].id),
    cohortId: String(cohorts[0].id),
    dashboardId: String(dashboards[0].id),
    accessToken: sharing.body.access_token,
    eventDefinitionId: eventDefinitions[0].id,
    propertyDefinitionId: propertyDefinitions[0].id,
    batchExportId: batchExports[0].id,
    runId: runs[0].id,
    queryId: queries[0].body.query_status.id,
    pluginId: String(plugins[0].id),
    configId: String(pluginConfigs[0].id),
  };
  throwaway = {
    organizationId: organization.id,
    userUuid: otherMember.user.uuid,
    inviteId: invites[1].id,
    domainId: domains[1].id,
    projectId: String(project.id),
    keyId: keys[1].id,
    insightId: String(insights[1].id),
    annotationId: String(annotations[2].id),
    alertId: alerts[1].id,
    subscriptionId: String(subscriptions[1].id),
    actionId: String(actions[1].id),
    cohortId: String(cohorts[1].id),
    dashboardId: String(dashboards[1].id),
    eventDefinitionId: eventDefinitions[1].id,
    propertyDefinitionId: propertyDefinitions[1].id,
    batchExportId: batchExports[1].id,
    queryId: queries[1].body.query_status.id,
    pluginId: String(plugins[1].id),
    configId: String(pluginConfigs[1].id),
  };
  credentials = [
    { name: "session", client: session },
    { name: "API key", client: await owner.key() },
  ];
  const leaving = await joinAs(owner, 1);
  signOutEverywhereCredentials = [
    { name: "session", client: leaving.session },
    { name: "API key", client: await leaving.key() },
  ];
});

afterAll(() => {
  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
  console.log(`fuzz: ${requestCount} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (${byStatus.join(", ")})`);
});

/** `{a, b}` as JSON text with one field's value given as text (it may not be writable by JSON.stringify). */
function withField(base: Record<string, unknown>, name: string, json: string): string {
  const others = Object.entries(base)
    .filter(([key]) => key !== name)
    .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  return `{${[...others, `${JSON.stringify(name)}:${json}`].join(",")}}`;
}

function casesOf(operation: Operation): FuzzCase[] {
  const pathParameters = operation.parameters.filter((p) => p.in === "path").map((p) => p.name);
  const idOf = (name: string) => {
    const id = operation.method === "DELETE" && name === pathParameters.at(-1) ? throwaway[name] : ids[name];
    // A new kind of resource needs its fixtures above, or its operations would only ever see a 404.
    if (id === undefined) throw new Error(`No fuzz fixture for the path parameter ${name} of ${operation.method} ${operation.template}`);
    return id;
  };
  const pathWith = (replaced?: string, value?: string) =>
    operation.template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(name === replaced ? value! : idOf(name)));
  const path = pathWith();

  const fixed: FuzzCase[] = pathParameters.flatMap((name) =>
    INVALID_IDS.map((id) => ({ label: `path ${name} = ${id}`, path: pathWith(name, id) })),
  );
  if (operation.method !== "GET")
    fixed.push(...MALFORMED_BODIES.map(({ label, contentType, body }) => ({ label: `body: ${label}`, path, contentType, body })));

  const sampled: FuzzCase[] = [{ label: "an unknown query parameter", path: `${path}?no_such_parameter=1` }];
  for (const { name } of operation.parameters.filter((p) => p.in === "query"))
    for (const { label, text } of MALFORMED_QUERY_VALUES)
      sampled.push({ label: `query ${name} = ${label}`, path: `${path}?${name}=${text}` });
  if (operation.bodySchema) {
    let counter = 0;
    const unique = () => ++counter;
    const schema = resolveSchema(operation.bodySchema, components);
    // A bulk body is a list: its item's fields are spoilt inside a one-item list.
    const itemSchema = schema.type === "array" ? resolveSchema(schema.items, components) : schema;
    const wrap = (item: string) => (schema.type === "array" ? `[${item}]` : item);
    for (const name of Object.keys(itemSchema.properties ?? {}))
      for (const { label, json } of MALFORMED_JSON_VALUES)
        sampled.push({
          label: `body ${name} = ${label}`,
          path,
          contentType: "application/json",
          body: wrap(withField(exampleOf(itemSchema, components, unique) as Record<string, unknown>, name, json)),
        });
    sampled.push({
      label: "body with an unknown field",
      path,
      contentType: "application/json",
      body: wrap(withField(exampleOf(itemSchema, components, unique) as Record<string, unknown>, "no_such_field", "1")),
    });
  }
  const random = seededRandom(seedOf(`${operation.method} ${operation.template}`));
  return [...fixed, ...shuffled(sampled, random)].slice(0, CASES_PER_OPERATION);
}

/** How to send a case again: the request line, its media type and (the start of) its body. */
function describeRequest(credential: string, method: string, { label, path, contentType, body }: FuzzCase): string {
  const text = typeof body === "string" ? body : body ? `<bytes ${Buffer.from(body).toString("hex")}>` : "";
  const shown = text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
  return `[${credential}] ${method} ${path.length > 300 ? `${path.slice(0, 300)}…` : path}${contentType ? ` (${contentType})` : ""}${shown ? ` ${shown}` : ""} — ${label}`;
}

function countStatus(status: number) {
  requestCount += 1;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
}

describe("no malformed request to any documented operation gets a 5xx", () => {
  test.each(operations.map((operation) => [`${operation.method} ${operation.template}`, operation] as const))(
    "%s",
    async (_, operation) => {
      const failures: string[] = [];
      const [sentBy, signedIn] = [new Set<string>(), new Set<string>()];
      const used = operation.template.endsWith("/logout_everywhere/") ? signOutEverywhereCredentials : credentials;
      for (const [index, fuzzCase] of casesOf(operation).entries()) {
        const { name, client } = used[index % used.length];
        const request = describeRequest(name, operation.method, fuzzCase);
        sentBy.add(name);
        try {
          const response = await client.request(operation.method, fuzzCase.path, undefined, {
            raw: fuzzCase.body,
            headers: fuzzCase.contentType ? { "content-type": fuzzCase.contentType } : {},
          });
          countStatus(response.status);
          if (response.status !== 401) signedIn.add(name);
          if (response.status >= 500) failures.push(`${request}\n  → ${response.status} ${response.text.slice(0, 500)}`);
        } catch (error) {
          // The test client throws on an answer the OpenAPI document does not allow (a non-JSON error included).
          failures.push(`${request}\n  → ${(error as Error).message.slice(0, 800)}`);
        }
      }
      expect(failures, failures.join("\n\n")).toEqual([]);
      // A fuzz whose credentials stopped working would test nothing but the 401.
      expect([...signedIn].sort(), "credentials that signed in").toEqual([...sentBy].sort());
    },
    60_000,
  );
});

describe("no malformed request to a capture or flags route gets a 5xx", () => {
  const CAPTURE_ROUTES = ["/e/", "/batch/", "/i/v0/e/", "/capture/", "/track/"];
  const FLAGS_ROUTES = ["/decide/", "/flags/"];
  let token: string;
  beforeAll(() => {
    token = projectToken(owner);
  });

  /** Good requests to `route` with one field spoilt at a time (`event.x`: a field of the batch's event), and unreadable bodies. */
  function bodiesFor(route: string): { label: string; json: string }[] {
    const event = {
      event: "fuzz",
      distinct_id: "fuzz",
      uuid: "00000000-0000-4000-8000-00000000f022",
      timestamp: "2026-01-01T00:00:00Z",
      properties: { $current_url: "https://example.com" },
    };
    const good = FLAGS_ROUTES.includes(route)
      ? { token, distinct_id: "fuzz", groups: {}, person_properties: {}, group_properties: {}, $anon_distinct_id: "anon" }
      : { api_key: token, sent_at: "2026-01-01T00:00:00Z", batch: [event] };
    const fields = Object.keys(good).map((name) => ({ name, spoil: (json: string) => withField(good, name, json) }));
    if (!FLAGS_ROUTES.includes(route))
      for (const name of [...Object.keys(event), "$set", "offset"])
        fields.push({ name: `event.${name}`, spoil: (json) => withField(good, "batch", `[${withField(event, name, json)}]`) });
    const bodies = fields.flatMap(({ name, spoil }) =>
      MALFORMED_JSON_VALUES.map(({ label, json }) => ({ label: `${name} = ${label}`, json: spoil(json) })),
    );
    bodies.push({ label: "an unknown field", json: withField(good, "no_such_field", "1") });
    for (const { label, body } of MALFORMED_BODIES) if (typeof body === "string" && body) bodies.push({ label, json: body });
    return bodies;
  }

  /** Bytes (or `?data=`) no encoding can decode, sent as each encoding would. */
  function undecodable(route: string, encoding: string) {
    const [query, request] = CAPTURE_ENCODINGS[encoding]("");
    if (request.method === "GET") return { label: `${encoding}: not base64`, path: `${route}?data=%ZZ!!!`, request, text: "" };
    const bytes = new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0xff, 0x00, 0xc3, 0x28]);
    return {
      label: `${encoding}: undecodable bytes`,
      path: route + query,
      request: { ...request, body: bytes },
      text: `<bytes ${Buffer.from(bytes).toString("hex")}>`,
    };
  }

  test.each([...CAPTURE_ROUTES, ...FLAGS_ROUTES])(
    "%s",
    async (route) => {
      const cases = Object.keys(CAPTURE_ENCODINGS).flatMap((encoding) => [
        ...bodiesFor(route).map(({ label, json }) => {
          const [query, request] = CAPTURE_ENCODINGS[encoding](json);
          return { label: `${encoding}: ${label}`, path: route + query, request, text: json };
        }),
        undecodable(route, encoding),
      ]);
      // Past 16 KB of headers Node itself answers 431, before any application code: such GETs test nothing of ours.
      const sendable = cases.filter(({ path }) => path.length < 8_000);
      const failures: string[] = [];
      for (const { label, path, request, text } of shuffled(sendable, seededRandom(seedOf(route))).slice(0, CASES_PER_CLIENT_ROUTE)) {
        // The text before its encoding: what to encode again to send the request once more.
        const shownText = text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
        const described = `${request.method ?? "POST"} ${path.slice(0, 300)} ${JSON.stringify(request.headers ?? {})} — ${label}: ${shownText}`;
        try {
          const response = await sendRaw(baseUrl, path, request);
          countStatus(response.status);
          const isError = response.status >= 400;
          // 503 is only for a database that is down, and here none is.
          if (response.status >= 500) failures.push(`${described}\n  → ${response.status} ${response.text.slice(0, 500)}`);
          else if (isError && !["type", "code", "detail", "attr"].every((key) => key in (response.body ?? {})))
            failures.push(`${described}\n  → ${response.status} without PostHog's error body: ${response.text.slice(0, 500)}`);
        } catch (error) {
          // sendRaw parses every answer as JSON: a text answer fails here.
          failures.push(`${described}\n  → ${(error as Error).message}`);
        }
      }
      expect(failures, failures.join("\n\n")).toEqual([]);
    },
    60_000,
  );
});

test("the server still answers after the fuzz", async () => {
  const health = await fetch(new URL("/_health", baseUrl));
  expect(health.status).toBe(200);
  const me = await credentials[1].client.get("/api/users/@me/");
  expect(me.status, me.text).toBe(200);
});

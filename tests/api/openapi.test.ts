import { readFileSync, readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { ApiClient, signUp, uniqueEmail, undocumentedResponses, type TestUser } from "../support/api";

const baseUrl = inject("baseUrl");
const root = path.resolve(import.meta.dirname, "../..");
const postHog = JSON.parse(readFileSync("/work/shared/reference/openapi/posthog-openapi-inscope.json", "utf8"));

let document: any;
beforeAll(async () => {
  const response = await new ApiClient(baseUrl).get("/api/schema/");
  expect(response.status).toBe(200);
  document = response.body;
});

describe("the OpenAPI document", () => {
  test("is served publicly as JSON and validates as OpenAPI 3.1", async () => {
    const response = await new ApiClient(baseUrl).get("/api/schema/");
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.body.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(structuredClone(response.body));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  test("any caller may read it: a key of any scope, a session, or nobody", async () => {
    const owner = await signUp(baseUrl);
    const key = await owner.key(["user:read"]);
    for (const client of [key, owner.session, new ApiClient(baseUrl)]) expect((await client.get("/api/schema/")).status).toBe(200);
    expect((await new ApiClient(baseUrl).post("/api/schema/")).status).toBe(405);
  });

  test("every lib/*/endpoints.ts module is collected into it", () => {
    const source = readFileSync(path.join(root, "lib/openapi/document.ts"), "utf8");
    const features = readdirSync(path.join(root, "lib"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .filter((feature) => readdirSync(path.join(root, "lib", feature)).includes("endpoints.ts"));
    for (const feature of features) {
      const imported = feature === "openapi" ? `from "./endpoints"` : `from "@/lib/${feature}/endpoints"`;
      expect(source, `lib/openapi/document.ts must import lib/${feature}/endpoints.ts`).toContain(imported);
    }
  });

  test("every route under app/api has its operations in it, at the path its folder names", () => {
    const routes = routeFiles(path.join(root, "app/api")).filter(
      (file) => !file.includes("[...nextauth]") && !file.includes("/[...path]/") && !file.includes("/[[...path]]/"),
    );
    expect(routes.length).toBeGreaterThan(10);
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path: p, method, operationId: op.operationId })),
    );
    for (const file of routes) {
      const expectedPath = routePath(file);
      const source = readFileSync(file, "utf8");
      const served = /serve\(([\s\S]*?)\)/.exec(source);
      if (served) {
        const names = served[1]
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean);
        for (const name of names) {
          const operationId = name.replace(/Endpoint$/, "");
          const found = operations.find((op) => op.operationId === operationId);
          expect(found, `${path.relative(root, file)} serves ${name}, which the document lacks`).toBeDefined();
          expect(found!.path, `${name} is declared at another path than its route file's`).toBe(expectedPath);
        }
      } else {
        // A hand-written handler: each HTTP method it exports must be documented at its path.
        const methods = [...source.matchAll(/\b(GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1].toLowerCase());
        for (const method of new Set(methods))
          expect(document.paths[expectedPath]?.[method], `${method.toUpperCase()} ${expectedPath} is not documented`).toBeDefined();
      }
    }
  });

  test("every project operation has its /api/environments/ twin, answering as the project path does", async () => {
    let twins = 0;
    const anonymous = new ApiClient(baseUrl);
    const owner = await signUp(baseUrl);
    const key = await owner.key(["project:read"]);
    for (const [template, methods] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      if (!template.startsWith("/api/projects/{projectId}/")) continue;
      const twinPath = template.replace("/api/projects/", "/api/environments/");
      for (const [method, operation] of Object.entries(methods)) {
        expect(document.paths[twinPath]?.[method]?.operationId, `${method} ${twinPath}`).toBe(`${operation.operationId}Environment`);
        twins++;
        // Served: the twin answers an anonymous caller, and a key of the project, exactly as the project path does.
        const concrete = (template: string) => template.replace("{projectId}", String(owner.projectId)).replace(/\{\w+\}/g, "1");
        for (const client of [anonymous, key]) {
          if (method !== "get" && client === key) continue;
          const [viaProject, viaTwin] = await Promise.all([
            client.request(method.toUpperCase(), concrete(template), undefined, { unchecked: true }),
            client.request(method.toUpperCase(), concrete(twinPath), undefined, { unchecked: true }),
          ]);
          expect(viaTwin.status, `${method} ${twinPath}`).toBe(viaProject.status);
          expect(viaTwin.status, `${method} ${twinPath}`).not.toBe(405);
        }
      }
    }
    expect((await anonymous.get("/api/environments/1/no-such-thing/")).status).toBe(404);
    expect((await key.get(`/api/environments/${owner.projectId}/no-such-thing/`)).body).toMatchObject({
      type: "invalid_request",
      code: "not_found",
    });
    expect(twins).toBeGreaterThan(50);
  });

  test("named schemas are components referenced with $ref, lists are paginated envelopes", () => {
    const { schemas } = document.components;
    const list = document.paths["/api/organizations/"].get;
    expect(list.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/PaginatedOrganizationList" });
    expect(schemas.PaginatedOrganizationList).toMatchObject({
      type: "object",
      required: ["count", "next", "previous", "results"],
      properties: {
        count: { type: "integer" },
        next: { type: ["string", "null"], format: "uri" },
        previous: { type: ["string", "null"], format: "uri" },
        results: { type: "array", items: { $ref: "#/components/schemas/Organization" } },
      },
    });
    expect(list.parameters.map((p: any) => p.name)).toEqual(["limit", "offset"]);
    expect(schemas.Organization.properties.teams).toEqual({ type: "array", items: { $ref: "#/components/schemas/ProjectBasic" } });
    const retrieve = document.paths["/api/organizations/{organizationId}/"].get;
    expect(retrieve.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Organization" });
    expect(retrieve.parameters[0]).toMatchObject({ name: "organizationId", in: "path", required: true });
    const create = document.paths["/api/organizations/"].post;
    expect(create.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/OrganizationCreate" });
    expect(schemas.OrganizationCreate.required).toEqual(["name"]);
    expect(create.responses["201"]).toBeDefined();
    expect(document.paths["/api/organizations/{organizationId}/"].delete.responses["204"]).toEqual({ description: "Done; no content." });
    // No JSON Schema leftovers from the conversion.
    expect(JSON.stringify(document)).not.toContain("#/$defs/");
    expect(JSON.stringify(document)).not.toContain('"$schema"');
  });

  test("errors are documented with the shared error schema", () => {
    expect(document.components.schemas.Error).toMatchObject({
      type: "object",
      required: ["type", "code", "detail", "attr"],
      properties: { attr: { type: ["string", "null"] } },
    });
    const patch = document.paths["/api/organizations/{organizationId}/"].patch;
    for (const [status, name] of [
      ["400", "BadRequest"],
      ["401", "Unauthenticated"],
      ["403", "PermissionDenied"],
      ["404", "NotFound"],
    ])
      expect(patch.responses[status]).toEqual({ $ref: `#/components/responses/${name}` });
    expect(document.components.responses.NotFound.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
  });

  test("security: personal API keys with the scope each operation requires, and the session cookie", () => {
    expect(document.components.securitySchemes.PersonalAPIKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.components.securitySchemes.SessionCookie).toMatchObject({ type: "apiKey", in: "cookie" });
    const list = document.paths["/api/organizations/"].get;
    expect(list["x-required-scope"]).toBe("organization:read");
    expect(list.security).toEqual([{ PersonalAPIKey: ["organization:read"] }, { SessionCookie: [] }]);
    expect(list.description).toContain("`organization:read`");
    const keys = document.paths["/api/personal_api_keys/"].post;
    expect(keys["x-required-scope"]).toBeNull();
    expect(keys.security).toEqual([{ SessionCookie: [] }]);
    expect(document.paths["/api/personal_api_keys/{keyId}/"].get.security).toEqual([{ PersonalAPIKey: [] }, { SessionCookie: [] }]);
    expect(document.paths["/api/signup/"].post.security).toEqual([]);
    // The spec's scopes, where those endpoints exist.
    const expected: [string, string, string][] = [
      ["/api/organizations/{organizationId}/", "patch", "organization:write"],
      ["/api/organizations/{organizationId}/members/", "get", "organization_member:read"],
      ["/api/organizations/{organizationId}/invites/", "post", "organization_member:write"],
      ["/api/organizations/{organizationId}/domains/", "get", "organization:read"],
      ["/api/organizations/{organizationId}/domains/{domainId}/verify/", "post", null as never],
    ];
    for (const [p, method, scope] of expected)
      if (document.paths[p]?.[method]) expect(document.paths[p][method]["x-required-scope"], `${method} ${p}`).toBe(scope);
  });

  test("operation ids are unique and every operation has a summary and a tag", () => {
    const operations = Object.values(document.paths as Record<string, Record<string, any>>).flatMap((ops) => Object.values(ops));
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of operations) {
      expect(op.summary, op.operationId).toBeTruthy();
      expect(op.tags, op.operationId).toHaveLength(1);
    }
  });
});

describe("the response check of the API tests", () => {
  // A stand-in server publishing the real document, but answering wrongly: the check must refuse its answers.
  let fake: Server;
  let fakeUrl: string;
  beforeAll(async () => {
    const schema = JSON.stringify(document);
    fake = createServer((req, res) => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.url === "/api/schema/") return json(200, document);
      if (req.url === "/api/organizations/") return json(200, { count: "1", next: null, previous: null, results: [] });
      if (req.url === "/api/organizations/@current/") return json(200, { id: "not-a-uuid" });
      if (req.url === "/api/organizations/created/") return json(201, {});
      if (req.url === "/api/organizations/00000000-0000-4000-8000-000000000000/") return json(403, { detail: "no" });
      if (req.url === "/api/not-documented/") return json(200, { anything: true });
      if (req.url === "/api/logout/") {
        res.writeHead(204);
        return res.end();
      }
      res.writeHead(500, { "content-type": "text/html" });
      res.end(`<html>${schema.length}</html>`);
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    fakeUrl = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  test("refuses bodies that do not match, with the operation and the field in the message", async () => {
    const client = new ApiClient(fakeUrl);
    await expect(client.get("/api/organizations/")).rejects.toThrow(/GET \/api\/organizations\/ answered 200: .*\/count must be integer/);
    await expect(client.get("/api/organizations/@current/")).rejects.toThrow(
      /GET \/api\/organizations\/\{organizationId\}\/ answered 200: .*must have required property 'name'/,
    );
    await expect(client.get("/api/organizations/created/")).rejects.toThrow(/status 201 is not documented/);
    await expect(client.get("/api/organizations/00000000-0000-4000-8000-000000000000/")).rejects.toThrow(
      /answered 403: .*must have required property 'type'/,
    );
    await expect(client.get("/api/elsewhere/")).rejects.toThrow(/answered 500: expected a JSON body/);
  });

  test("accepts what matches, and records what the document does not list", async () => {
    const client = new ApiClient(fakeUrl);
    expect((await client.post("/api/logout/")).status).toBe(204);
    expect((await client.get("/api/not-documented/")).status).toBe(200);
    expect(undocumentedResponses).toContain("GET /api/not-documented/ → 200");
    expect((await client.request("GET", "/api/organizations/", undefined, { unchecked: true })).status).toBe(200);
  });
});

/**
 * Our answers against PostHog's own schema: each field the spec lists for a resource, that PostHog's schema
 * has (and returns: not write-only), must be in our answer with a JSON type PostHog's schema allows.
 */
describe("compatibility with PostHog's schema", () => {
  const SPEC_FIELDS: Record<string, string[]> = {
    Organization: [
      "id",
      "name",
      "slug",
      "logo_media_id",
      "created_at",
      "updated_at",
      "membership_level",
      "plugins_access_level",
      "teams",
      "projects",
      "available_product_features",
      "is_member_join_email_enabled",
      "metadata",
      "customer_id",
      "enforce_2fa",
      "member_count",
    ],
    OrganizationDomain: [
      "id",
      "domain",
      "is_verified",
      "verified_at",
      "verification_challenge",
      "jit_provisioning_enabled",
      "sso_enforcement",
      "has_saml",
      "saml_entity_id",
      "saml_acs_url",
      "saml_x509_cert",
    ],
    OrganizationInvite: [
      "id",
      "target_email",
      "first_name",
      "emailing_attempt_made",
      "level",
      "is_expired",
      "created_by",
      "created_at",
      "updated_at",
      "message",
      "private_project_access",
      "send_email",
    ],
    OrganizationMember: ["id", "user", "level", "joined_at", "updated_at", "is_2fa_enabled", "has_social_auth", "last_login"],
    UserBasic: ["id", "uuid", "distinct_id", "first_name", "last_name", "email", "is_email_verified", "hedgehog_config"],
  };
  const ENVELOPE_FIELDS = ["count", "next", "previous", "results"];
  /**
   * drf-spectacular types SerializerMethodFields it cannot introspect as `string`; PostHog itself answers these
   * types (`metadata` is `{"instance_tag": …}`, `member_count` a count), and so do we.
   */
  const UNTYPED_IN_POSTHOG_SCHEMA: Record<string, string> = { "Organization.metadata": "object", "Organization.member_count": "integer" };

  const schemas = postHog.components.schemas;
  const componentOf = (schema: any): string | null => {
    const ref = schema?.$ref ?? (schema?.allOf?.length === 1 ? schema.allOf[0].$ref : undefined);
    return typeof ref === "string" ? ref.split("/").at(-1)! : null;
  };
  const resolved = (schema: any) => {
    const name = componentOf(schema);
    return name ? { ...schemas[name], ...schema, allOf: undefined, $ref: undefined } : schema;
  };
  const jsonType = (value: unknown) =>
    value === null ? "null" : Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value;
  const FORMATS: Record<string, RegExp> = {
    uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    "date-time": /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/,
    email: /^[^@\s]+@[^@\s]+$/,
    uri: /^https?:\/\//,
  };

  function compare(component: string, value: any, where: string, problems: string[], fields = SPEC_FIELDS[component]) {
    const properties = schemas[component].properties;
    for (const field of fields) {
      const property = properties[field];
      if (!property || property.writeOnly) continue;
      const at = `${where}.${field}`;
      if (!(field in value)) {
        problems.push(`${at} is missing`);
        continue;
      }
      checkValue(resolved(property), value[field], at, problems, `${component}.${field}`);
    }
  }

  function checkValue(schema: any, value: unknown, at: string, problems: string[], known?: string) {
    const type = jsonType(value);
    if (value === null) {
      if (!schema.nullable && schema.type) problems.push(`${at} is null, which PostHog's schema does not allow`);
      return;
    }
    const expected = (known && UNTYPED_IN_POSTHOG_SCHEMA[known]) ?? schema.type;
    if (!expected) return;
    const compatible = expected === type || (expected === "number" && type === "integer");
    if (!compatible) return void problems.push(`${at} is ${type}, PostHog's schema says ${expected}`);
    if (schema.format && FORMATS[schema.format] && !FORMATS[schema.format].test(value as string))
      problems.push(`${at} is not a ${schema.format}: ${JSON.stringify(value)}`);
    if (schema.enum && !schema.enum.includes(value))
      problems.push(`${at} is ${JSON.stringify(value)}, not one of ${schema.enum.join(", ")}`);
    const nested = componentOf(schema.items) ?? componentOf(schema);
    if (type === "array" && schema.items)
      (value as unknown[]).forEach((item, i) => {
        if (nested && SPEC_FIELDS[nested]) compare(nested, item, `${at}[${i}]`, problems);
        else checkValue(resolved(schema.items), item, `${at}[${i}]`, problems);
      });
    else if (type === "object" && nested && SPEC_FIELDS[nested]) compare(nested, value, at, problems);
  }

  function compareList(component: string, body: any): string[] {
    const problems: string[] = [];
    const envelope = schemas[`Paginated${component}List`];
    expect(envelope, `PostHog's schema has Paginated${component}List`).toBeDefined();
    for (const field of ENVELOPE_FIELDS) {
      if (!(field in body)) problems.push(`list.${field} is missing`);
      else checkValue(resolved(envelope.properties[field]), body[field], `list.${field}`, problems);
    }
    expect(body.results.length, `the ${component} list has something to compare`).toBeGreaterThan(0);
    body.results.forEach((item: unknown, i: number) => {
      compare(component, item, `list.results[${i}]`, problems);
    });
    return problems;
  }

  let owner: TestUser;
  beforeAll(async () => {
    owner = await signUp(baseUrl);
    // Members show their last login: sign in once, as PostHog's schema has no null for it.
    expect((await new ApiClient(baseUrl).post("/api/login/", { email: owner.email, password: owner.password })).status).toBe(200);
  });

  test("the checker itself refuses a wrong answer", () => {
    const problems: string[] = [];
    compare("Organization", { id: "x", name: 5, member_count: "3", metadata: {} }, "org", problems);
    expect(problems).toEqual(
      expect.arrayContaining([
        'org.id is not a uuid: "x"',
        "org.name is integer, PostHog's schema says string",
        "org.member_count is string, PostHog's schema says integer",
        "org.slug is missing",
      ]),
    );
  });

  test("Organization and its list", async () => {
    const retrieved = await owner.session.get(`/api/organizations/${owner.organizationId}/`);
    const problems: string[] = [];
    compare("Organization", retrieved.body, "organization", problems);
    problems.push(...compareList("Organization", (await owner.session.get("/api/organizations/?limit=1")).body));
    expect(problems).toEqual([]);
  });

  test("OrganizationMember and its list", async () => {
    const list = await owner.session.get(`/api/organizations/${owner.organizationId}/members/`);
    expect(list.status).toBe(200);
    expect(compareList("OrganizationMember", list.body)).toEqual([]);
  });

  test("OrganizationInvite and its list", async () => {
    const created = await owner.session.post(`/api/organizations/${owner.organizationId}/invites/`, {
      target_email: uniqueEmail("invitee"),
      first_name: "Ivy",
      message: "Welcome",
      send_email: false,
    });
    expect(created.status).toBe(201);
    const problems: string[] = [];
    compare("OrganizationInvite", created.body, "invite", problems);
    problems.push(
      ...compareList("OrganizationInvite", (await owner.session.get(`/api/organizations/${owner.organizationId}/invites/`)).body),
    );
    expect(problems).toEqual([]);
  });

  test("OrganizationDomain and its list", async () => {
    const created = await owner.session.post(`/api/organizations/${owner.organizationId}/domains/`, {
      domain: `${uniqueEmail("d").split("@")[0]}.example.com`,
    });
    expect(created.status).toBe(201);
    const problems: string[] = [];
    compare("OrganizationDomain", created.body, "domain", problems);
    problems.push(
      ...compareList("OrganizationDomain", (await owner.session.get(`/api/organizations/${owner.organizationId}/domains/`)).body),
    );
    expect(problems).toEqual([]);
  });
});

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** `app/api/organizations/[organizationId]/route.ts` → `/api/organizations/{organizationId}/`. */
function routePath(file: string): string {
  const segments = path
    .relative(path.join(root, "app"), path.dirname(file))
    .split(path.sep)
    .filter((segment) => !/^\(.*\)$/.test(segment))
    .map((segment) => segment.replace(/^\[(\w+)\]$/, "{$1}"));
  return `/${segments.join("/")}/`;
}

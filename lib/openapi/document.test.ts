import { describe, expect, test } from "vitest";
import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { buildOpenApiDocument, collectEndpoints } from "./document";

const ZThing = z.object({ id: z.uuid(), count: z.number().int(), note: z.string().nullable() }).meta({ id: "TestThing" });
const ZThingCreate = z.object({ note: z.string().max(10).default("") }).meta({ id: "TestThingCreate" });
const ZParams = z.object({ thingId: z.uuid() });
const handler = async () => undefined;

const list = endpoint({
  method: "GET",
  path: "/api/things/",
  summary: "List things",
  tag: "things",
  scope: "organization:read",
  response: ZThing,
  paginated: true,
  handler,
});
const create = endpoint({
  method: "POST",
  path: "/api/things/",
  summary: "Create",
  tag: "things",
  scope: "organization:write",
  body: ZThingCreate,
  response: ZThing,
  status: 201,
  handler,
});
const remove = endpoint({
  method: "DELETE",
  path: "/api/things/{thingId}/",
  summary: "Delete",
  tag: "things",
  scope: null,
  params: ZParams,
  status: 204,
  handler,
});
const echo = endpoint({
  method: "PUT",
  path: "/api/things/{thingId}/",
  summary: "Replace",
  tag: "things",
  scope: "any",
  params: ZParams,
  body: ZThing,
  response: ZThing,
  handler,
});
const open = endpoint({ method: "POST", path: "/api/open/", summary: "Open", tag: "open", public: true, scope: null, handler });
const refuse = endpoint({
  method: "DELETE",
  path: "/api/open/",
  summary: "Refuse",
  tag: "open",
  public: true,
  scope: null,
  status: 405,
  handler,
});

const declared = collectEndpoints({
  things: { createEndpoint: create, listEndpoint: list, removeEndpoint: remove, echoEndpoint: echo, notAnEndpoint: 5 },
  open: { openEndpoint: open, refuseEndpoint: refuse },
});
const document = buildOpenApiDocument(declared);

describe("collectEndpoints", () => {
  test("names operations after their exports and orders them by path, then method", () => {
    expect(declared.map((d) => d.operationId)).toEqual(["list", "create", "echo", "remove", "open", "refuse"]);
  });

  test("refuses two exports with one operation id", () => {
    expect(() => collectEndpoints({ a: { listEndpoint: list }, b: { listEndpoint: create } })).toThrow(/unique/);
  });

  test("an operation opting into environments is listed again at its /api/environments/ path, after the others", () => {
    const insights = endpoint({ ...list, path: "/api/projects/{projectId}/things/", environments: true });
    const twins = collectEndpoints({ a: { listEndpoint: insights, createEndpoint: create } });
    expect(twins.map((d) => [d.operationId, d.endpoint.path])).toEqual([
      ["list", "/api/projects/{projectId}/things/"],
      ["create", "/api/things/"],
      ["listEnvironment", "/api/environments/{projectId}/things/"],
    ]);
    expect(twins[2].endpoint.handler).toBe(insights.handler);
    const built = buildOpenApiDocument(twins);
    expect(built.paths["/api/environments/{projectId}/things/"].get.operationId).toBe("listEnvironment");
    expect(() => collectEndpoints({ a: { listEndpoint: { ...list, environments: true } } })).toThrow(/not a project path/);
  });

  test("refuses one method and path declared twice", () => {
    expect(() => buildOpenApiDocument(collectEndpoints({ a: { oneEndpoint: list, twoEndpoint: { ...list } } }))).toThrow(/declared twice/);
  });
});

describe("buildOpenApiDocument", () => {
  const { schemas } = document.components;

  test("named schemas become components; lists are wrapped in PostHog's envelope", () => {
    const listOperation = document.paths["/api/things/"].get;
    expect(listOperation.responses["200"]).toEqual({
      description: "A page of results.",
      content: { "application/json": { schema: { $ref: "#/components/schemas/PaginatedTestThingList" } } },
    });
    expect(schemas.PaginatedTestThingList.properties.results).toEqual({ type: "array", items: { $ref: "#/components/schemas/TestThing" } });
    expect(schemas.TestThing).toEqual({
      type: "object",
      properties: { id: { type: "string", format: "uuid" }, count: { type: "integer" }, note: { type: ["string", "null"] } },
      required: ["id", "count", "note"],
      additionalProperties: false,
    });
    expect(listOperation.parameters!.map((p) => p.name)).toEqual(["limit", "offset"]);
  });

  test("request bodies are the schemas' input; a name taken by a different output form gets Input", () => {
    expect(document.paths["/api/things/"].post.requestBody!.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/TestThingCreate",
    });
    expect(schemas.TestThingCreate.required).toBeUndefined();
    expect(schemas.TestThingCreate.properties.note).toEqual({ type: "string", maxLength: 10, default: "" });
    expect(document.paths["/api/things/{thingId}/"].put.requestBody!.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/TestThingInput",
    });
    expect(schemas.TestThingInput.additionalProperties).toBeUndefined();
  });

  test("path parameters, statuses and error responses", () => {
    const removal = document.paths["/api/things/{thingId}/"].delete;
    expect(removal.parameters).toEqual([{ name: "thingId", in: "path", required: true, schema: { type: "string", format: "uuid" } }]);
    expect(removal.responses["204"]).toEqual({ description: "Done; no content." });
    expect(removal.responses["404"]).toEqual({ $ref: "#/components/responses/NotFound" });
    expect(document.paths["/api/things/"].post.responses["400"]).toEqual({ $ref: "#/components/responses/BadRequest" });
    expect(document.paths["/api/open/"].post.responses["401"]).toBeUndefined();
    // PostHog's ForbidDestroyModel: an empty 405 is the operation's only answer, documented as such.
    expect(document.paths["/api/open/"].delete.responses["405"]).toEqual({ description: "Always refused, with no content." });
    expect(schemas.Error.required).toEqual(["type", "code", "detail", "attr"]);
  });

  test("security and the required scope, stated for readers too", () => {
    const paths = document.paths;
    expect(paths["/api/things/"].get.security).toEqual([{ PersonalAPIKey: ["organization:read"] }, { SessionCookie: [] }]);
    expect(paths["/api/things/"].get["x-required-scope"]).toBe("organization:read");
    expect(paths["/api/things/"].get.description).toContain("`organization:write` and `*` also grant it");
    expect(paths["/api/things/{thingId}/"].delete.security).toEqual([{ SessionCookie: [] }]);
    expect(paths["/api/things/{thingId}/"].delete.description).toContain("Personal API keys cannot call this operation");
    expect(paths["/api/things/{thingId}/"].put.security).toEqual([{ PersonalAPIKey: [] }, { SessionCookie: [] }]);
    expect(paths["/api/open/"].post.security).toEqual([]);
    expect(document.tags).toEqual([{ name: "things" }, { name: "open" }]);
  });
});

import { describe, expect, test } from "vitest";
import { matchesQuery, operationEntries, operationsByTag, schemasUsedBy, tagSlug } from "./reference";
import type { OpenApiDocument, OpenApiOperation } from "./schemas";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const operation = (operationId: string, tag: string, extra: Partial<OpenApiOperation> = {}): OpenApiOperation => ({
  operationId,
  summary: `Summary of ${operationId}`,
  description: "",
  tags: [tag],
  security: [],
  "x-required-scope": null,
  responses: { "200": { description: "OK" } },
  ...extra,
});

const document = {
  openapi: "3.1.0",
  info: { title: "T", version: "1" },
  tags: [{ name: "Feature flags" }, { name: "things" }],
  paths: {
    "/api/things/": {
      get: operation("listThings", "things", {
        responses: {
          "200": { description: "OK", content: { "application/json": { schema: { type: "array", items: ref("Thing") } } } },
          "403": { $ref: "#/components/responses/Forbidden" },
        },
      }),
      post: operation("createThing", "things", {
        requestBody: { required: true, content: { "application/json": { schema: ref("ThingInput") } } },
      }),
    },
    "/api/flags/": { get: operation("listFlags", "Feature flags") },
  },
  components: {
    schemas: {
      Thing: { type: "object", properties: { owner: { anyOf: [ref("User"), { type: "null" }] } } },
      ThingInput: { type: "object", properties: { name: { type: "string" } } },
      User: { type: "object", properties: { team: ref("Team") } },
      Team: { type: "object" },
      Flag: { type: "object" },
      Error: { type: "object" },
    },
    securitySchemes: {},
    responses: {},
  },
} satisfies OpenApiDocument;

describe("the API reference's model", () => {
  test("groups operations by tag, each on a page named by its slug", () => {
    const tags = operationsByTag(document);
    expect(tags.map((tag) => [tag.name, tag.slug, tag.operations.map((op) => `${op.method} ${op.path}`)])).toEqual([
      ["Feature flags", "feature-flags", ["get /api/flags/"]],
      ["things", "things", ["get /api/things/", "post /api/things/"]],
    ]);
    expect(operationEntries(tags)[0]).toEqual({
      method: "get",
      path: "/api/flags/",
      summary: "Summary of listFlags",
      tag: "Feature flags",
      href: "/docs/api/feature-flags#listFlags",
    });
    expect(tagSlug("  Org & projects ")).toBe("org-projects");
  });

  test("a tag's schemas are those its operations name, followed transitively, with Error when it can fail", () => {
    const [flags, things] = operationsByTag(document);
    expect(schemasUsedBy(things.operations, document.components.schemas)).toEqual(["Error", "Team", "Thing", "ThingInput", "User"]);
    expect(schemasUsedBy(flags.operations, document.components.schemas)).toEqual([]);
  });

  test("the search matches every term in the method, path or summary, ignoring case", () => {
    const [entry] = operationEntries(operationsByTag(document)).filter((e) => e.href.endsWith("#listThings"));
    expect(matchesQuery(entry, "GET things")).toBe(true);
    expect(matchesQuery(entry, "summary listthings")).toBe(true);
    expect(matchesQuery(entry, "post things")).toBe(false);
  });
});

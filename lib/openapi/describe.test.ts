import { describe, expect, test } from "vitest";
import { fieldsOf, typeOf } from "./describe";

const components = {
  Thing: {
    type: "object",
    properties: {
      id: { type: "string", format: "uuid" },
      name: { type: "string", minLength: 1, maxLength: 64, description: "Shown in lists." },
      owner: { anyOf: [{ $ref: "#/components/schemas/User" }, { type: "null" }] },
      tags: { type: "array", items: { type: "object", properties: { key: { type: "string" } }, required: ["key"] } },
      level: { enum: [1, 8, 15] },
    },
    required: ["id", "name"],
  },
};

describe("typeOf", () => {
  test.each([
    [{ type: "string", format: "date-time" }, "string (date-time)"],
    [{ type: ["string", "null"] }, "string | null"],
    [{ type: "array", items: { $ref: "#/components/schemas/Thing" } }, "array of Thing"],
    [{ anyOf: [{ const: "@current" }, { type: "string", format: "uuid" }] }, '"@current" | string (uuid)'],
    [{ type: "object", additionalProperties: {} }, "object (free-form)"],
    [{ enum: [1, 8] }, "1 | 8"],
    [{}, "any"],
  ])("%j → %s", (schema, text) => {
    expect(
      typeOf(schema)
        .map((part) => part.text)
        .join(""),
    ).toBe(text);
  });

  test("names of components are links", () => {
    expect(typeOf({ $ref: "#/components/schemas/Thing" })).toEqual([{ text: "Thing", schema: "Thing" }]);
  });
});

describe("fieldsOf", () => {
  test("follows a reference once and lists fields with nested inline objects", () => {
    const rows = fieldsOf({ $ref: "#/components/schemas/Thing" }, components);
    expect(rows.map((r) => [r.path, r.depth, r.required])).toEqual([
      ["id", 0, true],
      ["name", 0, true],
      ["owner", 0, false],
      ["tags", 0, false],
      ["tags[].key", 1, true],
      ["level", 0, false],
    ]);
    expect(rows[1].notes).toEqual(["not blank", "at most 64 characters"]);
    expect(rows[1].description).toBe("Shown in lists.");
    expect(rows[2].type).toEqual([{ text: "User", schema: "User" }, { text: " | " }, { text: "null" }]);
  });
});

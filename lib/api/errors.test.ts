import { describe, expect, test } from "vitest";
import { z } from "zod";
import { type ApiError, fromZodError, notFound, permissionDenied, validationError } from "./errors";

function errorFor(schema: z.ZodType, input: unknown): ApiError {
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) throw new Error("expected the input to be refused");
  return fromZodError(parsed.error);
}

const body = (schema: z.ZodType, input: unknown) => {
  const error = errorFor(schema, input);
  expect(error.status).toBe(400);
  return error.body;
};

describe("fromZodError: DRF's messages and codes", () => {
  const ZName = z.object({ name: z.string().trim().min(1).max(64) });

  test("missing field → required", () => {
    expect(body(ZName, {})).toEqual({ type: "validation_error", code: "required", detail: "This field is required.", attr: "name" });
  });

  test("null → null", () => {
    expect(body(ZName, { name: null })).toEqual({
      type: "validation_error",
      code: "null",
      detail: "This field may not be null.",
      attr: "name",
    });
  });

  test.each([
    [z.string(), 5, "Not a valid string."],
    [z.number().int(), "x", "A valid integer is required."],
    [z.boolean(), "yes", "Must be a valid boolean."],
    [z.array(z.string()), {}, 'Expected a list of items but got type "dict".'],
    [z.object({}), [], "Invalid data. Expected a dictionary."],
  ])("wrong type %# → invalid_input", (field, value, detail) => {
    expect(body(z.object({ field }), { field: value })).toEqual({ type: "validation_error", code: "invalid_input", detail, attr: "field" });
  });

  test("unknown enum value → invalid_choice", () => {
    expect(body(z.object({ level: z.enum(["a", "b"]) }), { level: "c" })).toEqual({
      type: "validation_error",
      code: "invalid_choice",
      detail: '"c" is not a valid choice.',
      attr: "level",
    });
    expect(body(z.object({ level: z.enum(["a", "b"]) }), {})).toMatchObject({ code: "required", detail: "This field is required." });
  });

  test("lengths and bounds", () => {
    expect(body(ZName, { name: "x".repeat(65) })).toMatchObject({
      code: "max_length",
      detail: "Ensure this field has no more than 64 characters.",
    });
    expect(body(ZName, { name: "   " })).toMatchObject({ code: "blank", detail: "This field may not be blank." });
    expect(body(z.object({ p: z.string().min(8) }), { p: "short" })).toMatchObject({
      code: "min_length",
      detail: "Ensure this field has at least 8 characters.",
    });
    expect(body(z.object({ l: z.array(z.number()).max(2) }), { l: [1, 2, 3] })).toMatchObject({
      code: "max_length",
      detail: "Ensure this field has no more than 2 elements.",
    });
    expect(body(z.object({ l: z.array(z.number()).min(1) }), { l: [] })).toMatchObject({
      code: "min_length",
      detail: "Ensure this field has at least 1 elements.",
    });
    expect(body(z.object({ n: z.number().max(10) }), { n: 11 })).toMatchObject({
      code: "max_value",
      detail: "Ensure this value is less than or equal to 10.",
    });
    expect(body(z.object({ n: z.number().min(1) }), { n: 0 })).toMatchObject({
      code: "min_value",
      detail: "Ensure this value is greater than or equal to 1.",
    });
  });

  test("formats", () => {
    expect(body(z.object({ email: z.email() }), { email: "nope" })).toMatchObject({
      detail: "Enter a valid email address.",
      code: "invalid_input",
    });
    expect(body(z.object({ id: z.uuid() }), { id: "nope" })).toMatchObject({ detail: "Must be a valid UUID." });
    expect(body(z.object({ at: z.iso.datetime() }), { at: "yesterday" })).toMatchObject({ detail: "Datetime has wrong format." });
  });

  test("nested paths join with __, as drf-exceptions-hog does", () => {
    expect(body(z.object({ a: z.object({ b: z.array(z.object({ c: z.string() })) }) }), { a: { b: [{ c: 1 }] } })).toMatchObject({
      attr: "a__b__0__c",
    });
  });

  test("a whole-body problem has attr null", () => {
    expect(body(z.object({ a: z.string() }), "text")).toMatchObject({ attr: null, detail: "Invalid data. Expected a dictionary." });
  });

  test("a refinement's message is the detail, with its code when given", () => {
    const schema = z.object({
      scopes: z.array(z.string()).superRefine((scopes, ctx) => {
        if (scopes.includes("bad")) ctx.addIssue({ code: "custom", message: "Invalid scope: bad" });
        if (scopes.includes("dup")) ctx.addIssue({ code: "custom", message: "Duplicate.", params: { code: "unique" } });
      }),
    });
    expect(body(schema, { scopes: ["bad"] })).toEqual({
      type: "validation_error",
      code: "invalid_input",
      detail: "Invalid scope: bad",
      attr: "scopes",
    });
    expect(body(schema, { scopes: ["dup"] })).toMatchObject({ code: "unique", detail: "Duplicate." });
  });
});

describe("error constructors", () => {
  test("PostHog's canonical bodies", () => {
    expect(notFound().status).toBe(404);
    expect(notFound().body).toEqual({ type: "invalid_request", code: "not_found", detail: "Not found.", attr: null });
    expect(permissionDenied().body).toEqual({
      type: "authentication_error",
      code: "permission_denied",
      detail: "You do not have permission to perform this action.",
      attr: null,
    });
    expect(validationError("msg").body).toEqual({ type: "validation_error", code: "invalid_input", detail: "msg", attr: null });
  });
});

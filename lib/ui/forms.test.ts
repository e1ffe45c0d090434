import { describe, expect, test } from "vitest";
import { ApiRequestError } from "./api-client";
import { fieldErrorText, placeApiError } from "./forms";

const refusal = (attr: string | null, detail = "Not allowed.") =>
  new ApiRequestError(400, { type: "validation_error", code: "invalid_input", detail, attr });

describe("placeApiError", () => {
  test("puts the detail on the field attr names", () => {
    expect(placeApiError(refusal("target_email", "Enter a valid email address."), ["target_email", "level"])).toEqual({
      field: "target_email",
      message: "Enter a valid email address.",
    });
  });

  test("reads __ as nesting, onto the deepest field the form has", () => {
    const fields = ["series", "series.0.event", "series.1.properties"];
    expect(placeApiError(refusal("series__0__event"), fields).field).toBe("series.0.event");
    expect(placeApiError(refusal("series__1__properties__2__key"), fields).field).toBe("series.1.properties");
    expect(placeApiError(refusal("series__3__math"), fields).field).toBe("series");
    expect(placeApiError(refusal("scopes__0"), ["label", "scopes"]).field).toBe("scopes");
  });

  test("shows errors without an attr, or naming no field of the form, above the form", () => {
    expect(placeApiError(refusal(null, "This user is already a member."), ["target_email"])).toEqual({
      field: null,
      message: "This user is already a member.",
    });
    expect(placeApiError(refusal("private_project_access"), ["target_email"])).toEqual({ field: null, message: "Not allowed." });
    // A field name is not a prefix of a longer one.
    expect(placeApiError(refusal("names"), ["name"]).field).toBeNull();
  });

  test("explains failures that are not API errors", () => {
    expect(placeApiError(new TypeError("Failed to fetch"), ["name"])).toEqual({
      field: null,
      message: "Could not reach the server. Check your connection and try again.",
    });
  });
});

describe("fieldErrorText", () => {
  test("prefers the API's words to the form's hint, and the hint to the schema's message", () => {
    expect(fieldErrorText({ type: "server", message: "Taken." }, "Use at most 64 characters.")).toBe("Taken.");
    expect(
      fieldErrorText({ type: "too_big", message: "Too big: expected string to have <=64 characters" }, "Use at most 64 characters."),
    ).toBe("Use at most 64 characters.");
    expect(fieldErrorText({ type: "too_small", message: "You must specify at least one scope." })).toBe(
      "You must specify at least one scope.",
    );
    expect(fieldErrorText(undefined, "Use at most 64 characters.")).toBeUndefined();
  });
});

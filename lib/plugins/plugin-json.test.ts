import { describe, expect, test } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { parsePluginJson } from "./plugin-json";

function refusal(source: string): string {
  try {
    parsePluginJson(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).attr).toBe("plugin.json");
    return (error as ApiError).detail;
  }
  throw new Error("accepted");
}

describe("plugin.json", () => {
  test("a named object, with or without a settings form", () => {
    expect(parsePluginJson('{"name": "A"}')).toEqual({ name: "A" });
    const config = [
      { markdown: "Hello", type: "markdown" },
      { key: "token", name: "Token", type: "string", secret: true, required: true },
    ];
    expect(parsePluginJson(JSON.stringify({ name: "A", config }))).toEqual({ name: "A", config });
  });

  test("anything else is refused with the reason", () => {
    expect(refusal("{")).toMatch(/^plugin.json is not valid JSON: /);
    expect(refusal("[1]")).toBe("plugin.json must be a JSON object.");
    expect(refusal('{"description": "x"}')).toBe('plugin.json must have a "name".');
    expect(refusal('{"name": "  "}')).toBe('plugin.json must have a "name".');
    expect(refusal(JSON.stringify({ name: "A", config: [{ name: "no key" }] }))).toMatch(/config\.0\.key/);
    expect(refusal(JSON.stringify({ name: "A", config: [{ key: "a" }, { key: "a" }] }))).toMatch(/unique/);
    expect(refusal(JSON.stringify({ name: "A", config: [{ key: "c", type: "choice" }] }))).toMatch(/choices/);
    expect(refusal(JSON.stringify({ name: "A", config: "x" }))).toMatch(/not a valid settings form/);
  });
});

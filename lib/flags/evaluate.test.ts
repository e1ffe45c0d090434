import { describe, expect, it } from "vitest";
import { emptyFlags, flagsVersion } from "./evaluate";

describe("flagsVersion", () => {
  it("reads ?v=, 1 when absent and 2 when unreadable (decide's posthog-js 1.19 default)", () => {
    const v = (query: string) => flagsVersion(new URLSearchParams(query));
    expect(v("")).toBe(1);
    expect(v("v=3")).toBe(3);
    expect(v("v=4&config=true")).toBe(4);
    expect(v("v=abc")).toBe(2);
  });
});

describe("emptyFlags", () => {
  it("answers each decide version in its shape", () => {
    expect(emptyFlags("decide", 1)).toEqual({ featureFlags: [] });
    expect(emptyFlags("decide", 2)).toEqual({ featureFlags: {} });
    expect(emptyFlags("decide", 3)).toEqual({ featureFlags: {}, errorsWhileComputingFlags: false, featureFlagPayloads: {} });
    expect(emptyFlags("decide", 4)).toEqual({ flags: {}, errorsWhileComputingFlags: false });
  });
  it("answers /flags v1 with the legacy dicts and v2 with flag details", () => {
    expect(emptyFlags("flags", 1)).toEqual({ featureFlags: {}, featureFlagPayloads: {}, errorsWhileComputingFlags: false });
    expect(emptyFlags("flags", 2)).toEqual({ flags: {}, errorsWhileComputingFlags: false });
  });
});

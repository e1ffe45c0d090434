import { describe, expect, test } from "vitest";
import type { CapturedEvent } from "@/lib/ingestion/types";
import { ConfigProblem } from "./kinds";
import { normalizedUrl, propertyFilter, urlNormalizer } from "./properties";
import { pageview } from "./test-event";

const event = pageview;
type Sync = (e: CapturedEvent) => CapturedEvent;

describe("URL Normalizer", () => {
  test("lower-cases the URL and removes the path's trailing slash, as PostHog's app does", () => {
    expect(normalizedUrl("https://Example.COM/Pricing/")).toBe("https://example.com/pricing");
    expect(normalizedUrl("https://example.com/a/?Q=1#Top")).toBe("https://example.com/a?q=1#top");
    expect(normalizedUrl("https://example.com/")).toBe("https://example.com/");
    const normalize = urlNormalizer.prepare({}) as Sync;
    expect(normalize(event({ $current_url: "HTTPS://A.io/X/", other: "Keep" })).properties).toEqual({
      $current_url: "https://a.io/x",
      other: "Keep",
    });
    const none = event({ other: 1 });
    expect(normalize(none)).toBe(none);
  });

  test("an invalid URL throws (the runner then keeps the event as sent)", () => {
    expect(() => (urlNormalizer.prepare({}) as Sync)(event({ $current_url: "not a url" }))).toThrow();
  });
});

describe("Property Filter", () => {
  test("drops named properties and dotted paths, leaving the sent objects unchanged", () => {
    const filter = propertyFilter.prepare({ properties: "email, $ip,$set.email,a.b.c" }) as Sync;
    const sent = event({ email: "x@y.z", $ip: "1.2.3.4", keep: 1, $set: { email: "x@y.z", name: "X" }, a: { b: { c: 1, d: 2 } } });
    expect(filter(sent).properties).toEqual({ keep: 1, $set: { name: "X" }, a: { b: { d: 2 } } });
    expect(sent.properties.$set).toEqual({ email: "x@y.z", name: "X" });
    expect((sent.properties.a as { b: object }).b).toEqual({ c: 1, d: 2 });
    // A path through a missing or non-object value changes nothing.
    expect(filter(event({ a: "text", other: 1 })).properties).toEqual({ a: "text", other: 1 });
  });

  test("an empty list, an empty path segment or too many names is refused on config__properties", () => {
    for (const properties of ["", " , ", "a..b", Array.from({ length: 101 }, (_, i) => `p${i}`).join(",")]) {
      expect(() => propertyFilter.prepare({ properties }), properties.slice(0, 20)).toThrow(ConfigProblem);
    }
  });
});

import { describe, expect, test } from "vitest";
import type { CapturedEvent } from "@/lib/ingestion/types";
import { BUILT_IN_TRANSFORMATIONS, distinctIdShare } from "./apps";
import { ConfigProblem } from "./kinds";

// These apps answer synchronously; only GeoIP may wait (on its database).
type SyncApp = { prepare(config: Record<string, unknown>): (event: CapturedEvent) => CapturedEvent | null };
const app = (name: string) => BUILT_IN_TRANSFORMATIONS[`https://github.com/posthog/${name}`] as SyncApp;
const event = (overrides: Partial<CapturedEvent> = {}): CapturedEvent => ({
  uuid: "0190a0a0-0000-7000-8000-000000000000",
  event: "purchase",
  distinctId: "user-1",
  properties: {},
  timestamp: new Date("2021-01-27T10:30:03.557Z"),
  ...overrides,
});

describe("Property Flattener", () => {
  const flatten = app("flatten-properties-plugin").prepare({ separator: "__" });

  test("adds each nested value under its path, array items by index, and keeps the nested ones", () => {
    const properties = { product: { name: "AZ12", size: { number: 12 } }, tags: [{ z: "a" }, "b"], plain: 1, empty: {} };
    expect(flatten(event({ properties }))?.properties).toEqual({
      ...properties,
      product__name: "AZ12",
      product__size__number: 12,
      tags__0__z: "a",
      tags__1: "b",
    });
  });

  test("flattens $set and $set_once, leaves autocapture events and element properties alone", () => {
    const properties = { $set: { address: { city: "Oslo" } }, $elements: [{ tag_name: "a" }] };
    expect(flatten(event({ properties }))?.properties).toEqual({
      $set: { address: { city: "Oslo" }, address__city: "Oslo" },
      $set__address__city: "Oslo",
      $elements: [{ tag_name: "a" }],
    });
    const autocapture = event({ event: "$autocapture", properties: { a: { b: 1 } } });
    expect(flatten(autocapture)?.properties).toEqual({ a: { b: 1 } });
  });

  test("another separator; an unknown one is refused", () => {
    expect(app("flatten-properties-plugin").prepare({ separator: "." })(event({ properties: { a: { b: 1 } } }))?.properties).toEqual({
      a: { b: 1 },
      "a.b": 1,
    });
    expect(() => app("flatten-properties-plugin").prepare({ separator: "+" })).toThrow(ConfigProblem);
  });

  test("nesting past its depth bound is kept as a value, not followed", () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 100; i++) deep = { d: deep };
    const properties = flatten(event({ properties: { deep } }))?.properties ?? {};
    const paths = Object.keys(properties).filter((key) => key.startsWith("deep__"));
    expect(paths).toHaveLength(1);
    expect(paths[0].split("__")).toHaveLength(33);
  });
});

test("Timestamp Parser adds the UTC day of the week, day, month, year, hour and minute", () => {
  const parse = app("timestamp-parser-plugin").prepare({});
  expect(parse(event({ properties: { keep: "me" } }))?.properties).toEqual({
    keep: "me",
    day_of_the_week: "Wednesday",
    day: 27,
    month: 1,
    year: 2021,
    hour: 10,
    minute: 30,
  });
});

describe("Downsampling", () => {
  const downsample = (config: Record<string, unknown>) => app("downsampling-plugin").prepare(config);

  test("by distinct id: every event of a distinct id shares its fate, and about the share asked for is kept", () => {
    const keep = downsample({ percentage: "30", samplingMethod: "Distinct ID aware sampling" });
    const ids = Array.from({ length: 4000 }, (_, i) => `user-${i}`);
    const kept = ids.filter((id) => keep(event({ distinctId: id })) !== null);
    expect(kept.length / ids.length).toBeGreaterThan(0.27);
    expect(kept.length / ids.length).toBeLessThan(0.33);
    for (const id of ids.slice(0, 200)) expect(keep(event({ distinctId: id, event: "other" })) !== null).toBe(kept.includes(id));
    expect(kept.every((id) => distinctIdShare(id) < 0.3)).toBe(true);
  });

  test("100 keeps everything, 0 nothing; random sampling keeps about the share", () => {
    expect(downsample({ percentage: "100" })(event())).not.toBeNull();
    expect(downsample({ percentage: "0" })(event())).toBeNull();
    const random = downsample({ percentage: "50", samplingMethod: "Random sampling" });
    const kept = Array.from({ length: 4000 }, () => random(event())).filter(Boolean).length;
    expect(kept).toBeGreaterThan(1800);
    expect(kept).toBeLessThan(2200);
  });

  test("a percentage outside 0..100 or not a number, or an unknown method, is refused", () => {
    for (const percentage of ["101", "-1", "half", "", "1e2"]) expect(() => downsample({ percentage }), percentage).toThrow(ConfigProblem);
    expect(() => downsample({ percentage: "50", samplingMethod: "Every other" })).toThrow(ConfigProblem);
  });
});

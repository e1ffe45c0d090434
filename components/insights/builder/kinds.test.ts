import { describe, expect, it } from "vitest";
import { INSIGHT_KINDS, kindOf } from "./kinds";

describe("kindOf", () => {
  it("reads a lifecycle from its insight or from PostHog's older shown_as", () => {
    expect(kindOf({ insight: "LIFECYCLE" }).kind).toBe("LIFECYCLE");
    expect(kindOf({ insight: "lifecycle" }).kind).toBe("LIFECYCLE");
    expect(kindOf({ insight: "TRENDS", shown_as: "Lifecycle" }).kind).toBe("LIFECYCLE");
    expect(kindOf({ shown_as: "Stickiness" }).kind).toBe("STICKINESS");
    expect(kindOf({}).kind).toBe("TRENDS");
  });

  it("offers Lifecycle as the last tab, its default one series that the API accepts", () => {
    const lifecycle = INSIGHT_KINDS.at(-1)!;
    expect(lifecycle.label).toBe("Lifecycle");
    const defaults = lifecycle.defaultFilters();
    expect(defaults).toMatchObject({ insight: "LIFECYCLE", interval: "day" });
    expect(defaults.events).toHaveLength(1);
    expect(lifecycle.viewKeys).toEqual(["toggledLifecycles"]);
  });
});

import { describe, expect, test } from "vitest";
import { draftOf, emptyStep, stepOf, stepSummary, stepsSummary } from "./steps";

describe("action steps in the editor", () => {
  test("a pageview step sends its URL and matching, nothing of an element", () => {
    const step = stepOf({ ...emptyStep(), url: "/pricing", text: "stale" });
    expect(step).toMatchObject({ event: "$pageview", url: "/pricing", url_matching: "contains", text: null, selector: null });
  });

  test("blank boxes are null, and so are their matchings", () => {
    expect(stepOf(emptyStep("$autocapture"))).toMatchObject({ url: null, url_matching: null, text: null, text_matching: null });
  });

  test("an autocapture step keeps its element filters; a custom event keeps only its filters, and only complete ones", () => {
    const click = stepOf({ ...emptyStep("$autocapture"), text: "Sign up", href: "/signup", href_matching: "contains", selector: ".cta" });
    expect(click).toMatchObject({ text: "Sign up", text_matching: "exact", href: "/signup", href_matching: "contains", selector: ".cta" });
    const custom = stepOf({
      ...emptyStep("signup"),
      url: "/ignored",
      properties: [
        { key: "plan", type: "event", operator: "exact", value: "pro" },
        { key: "half", type: "event", operator: "exact" },
      ],
    });
    expect(custom.url).toBeNull();
    expect(custom.properties).toEqual([{ key: "plan", type: "event", operator: "exact", value: "pro" }]);
  });

  test("a saved step comes back to the same draft", () => {
    const draft = { ...emptyStep(), url: "^/docs/.*$", url_matching: "regex" as const };
    expect(draftOf({ ...stepOf(draft), properties: [] })).toEqual(draft);
  });

  test("summaries name the event and each condition", () => {
    const pageview = { ...stepOf({ ...emptyStep(), url: "/pricing" }) };
    expect(stepSummary(pageview)).toBe("$pageview where URL contains /pricing");
    expect(stepSummary({ ...stepOf(emptyStep(null)) })).toBe("Any event");
    expect(stepsSummary([pageview, stepOf(emptyStep("signup"))])).toBe("$pageview where URL contains /pricing or signup");
    expect(stepsSummary([])).toBe("No steps");
  });
});

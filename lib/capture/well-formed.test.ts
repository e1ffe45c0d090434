import { describe, expect, test } from "vitest";
import { MAX_EVENT_DEPTH, TOO_DEEP, wellFormed, wellFormedJson } from "./well-formed";

/** `depth` levels: arrays around an empty object (the innermost level). */
const nested = (depth: number): unknown => JSON.parse("[".repeat(depth - 1) + "{}" + "]".repeat(depth - 1));

describe("wellFormed", () => {
  test("U+0000 and lone surrogates (high or low) become U+FFFD; pairs and the rest stay", () => {
    expect(wellFormed("a\u0000b\ud800c\udc00😀\udbff")).toBe("a\ufffdb\ufffdc\ufffd😀\ufffd");
    expect(wellFormed("plain ✓ +/=")).toBe("plain ✓ +/=");
  });
});

describe("wellFormedJson", () => {
  test("every string, object keys included, at any depth; other values as they are", () => {
    const sent = JSON.parse('{"k\\u0000":"v\\ud800","list":[1,null,true,{"\\udc00":["x\\u0000"]}],"n":1.5}');
    expect(wellFormedJson(sent, 10)).toEqual({ "k\ufffd": "v\ufffd", list: [1, null, true, { "\ufffd": ["x\ufffd"] }], n: 1.5 });
    expect(wellFormedJson("\u0000", 0)).toBe("\ufffd");
    expect(wellFormedJson(null, 0)).toBe(null);
  });

  test("a value that needs a fix is copied where it changes: the value sent is left as it was", () => {
    const sent = { a: { b: "\u0000" }, list: ["ok", "\ud800"], same: { c: [1] } };
    const copy = wellFormedJson(sent, 10) as typeof sent;
    expect(sent.a.b).toBe("\u0000");
    expect(sent.list[1]).toBe("\ud800");
    expect(copy).toEqual({ a: { b: "\ufffd" }, list: ["ok", "\ufffd"], same: { c: [1] } });
    expect(copy.same).toBe(sent.same);
  });

  test("an already well-formed value is answered as it is, nothing copied", () => {
    const sent = JSON.parse('{"event":"$pageview","properties":{"$browser":"Chrome","list":[1,{"x":"😀"}]}}');
    expect(wellFormedJson(sent, 10)).toBe(sent);
  });

  test('a "__proto__" key stays an own key, the prototype untouched', () => {
    const copy = wellFormedJson(JSON.parse('{"__proto__":{"polluted":1}}'), 10) as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: number }).polluted).toBeUndefined();
    // Also when the object is copied for a fix made after it.
    const fixed = wellFormedJson(JSON.parse('{"__proto__":{"polluted":1},"x":"\\u0000"}'), 10) as Record<string, unknown>;
    expect(Object.keys(fixed)).toEqual(["__proto__", "x"]);
    expect(Object.getPrototypeOf(fixed)).toBe(Object.prototype);
    expect(fixed.x).toBe("\ufffd");
  });

  test("nesting up to the bound is kept, one level more is TOO_DEEP, 200,000 levels too (without overflowing)", () => {
    expect(wellFormedJson({}, 1)).toEqual({});
    expect(wellFormedJson({ a: 1 }, 1)).toEqual({ a: 1 });
    expect(wellFormedJson({ a: {} }, 1)).toBe(TOO_DEEP);
    expect(wellFormedJson(nested(MAX_EVENT_DEPTH), MAX_EVENT_DEPTH)).toEqual(nested(MAX_EVENT_DEPTH));
    expect(wellFormedJson(nested(MAX_EVENT_DEPTH + 1), MAX_EVENT_DEPTH)).toBe(TOO_DEEP);
    expect(wellFormedJson(nested(200_000), MAX_EVENT_DEPTH)).toBe(TOO_DEEP);
  });
});

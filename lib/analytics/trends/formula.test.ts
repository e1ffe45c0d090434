import { describe, expect, test } from "vitest";
import { MAX_FORMULA_DEPTH } from "@/lib/analytics/limits";
import { compileFormula } from "./formula";

describe("trend formulas (S9)", () => {
  test("letters are series in order; precedence, parentheses, unary minus; 2 decimals", () => {
    expect(compileFormula("A + B * 2", 2)([1, 3])).toBe(7);
    expect(compileFormula("(A + B) * 2", 2)([1, 3])).toBe(8);
    expect(compileFormula("a/b", 2)([1, 3])).toBe(0.33);
    expect(compileFormula("-A + 10", 1)([4])).toBe(6);
    expect(compileFormula("A / B * 100", 2)([2, 3])).toBe(66.67);
  });
  test("NaN and infinities are 0", () => {
    expect(compileFormula("A / B", 2)([1, 0])).toBe(0);
    expect(compileFormula("A / B", 2)([0, 0])).toBe(0);
  });
  test("unknown letters and bad syntax are 400s on formula", () => {
    expect(() => compileFormula("A + C", 2)).toThrow(expect.objectContaining({ status: 400, attr: "formula" }));
    expect(() => compileFormula("A +", 2)).toThrow(expect.objectContaining({ status: 400, attr: "formula" }));
    expect(() => compileFormula("A $ B", 2)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => compileFormula("(A", 1)).toThrow(expect.objectContaining({ status: 400 }));
  });
  test("nesting past MAX_FORMULA_DEPTH is a 400 naming it, not a stack overflow", () => {
    const nested = (depth: number) => `${"(".repeat(depth)}A${")".repeat(depth)}`;
    expect(compileFormula(nested(MAX_FORMULA_DEPTH - 1), 1)([3])).toBe(3);
    expect(() => compileFormula(nested(MAX_FORMULA_DEPTH + 1), 1)).toThrow(
      expect.objectContaining({ status: 400, attr: "formula", code: "max_depth" }),
    );
    expect(() => compileFormula(nested(100_000), 1)).toThrow(expect.objectContaining({ code: "max_depth" }));
    expect(() => compileFormula(`${"-".repeat(100_000)}A`, 1)).toThrow(expect.objectContaining({ code: "max_depth" }));
  });
});

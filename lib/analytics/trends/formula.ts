import { MAX_FORMULA_DEPTH } from "@/lib/analytics/limits";
import { validationError } from "@/lib/api/errors";

/**
 * Trend formulas (`A + B`, `(A-B)/B*100`): letters are series in order (S9). Parsed once into a function of
 * the series values at one point; NaN and ±∞ become 0 and values are rounded to 2 decimals as PostHog does.
 */

type Node =
  | { kind: "num"; value: number }
  | { kind: "var"; index: number }
  | { kind: "neg"; arg: Node }
  | { kind: "bin"; op: string; left: Node; right: Node };

export interface TrendFormula {
  text: string;
  compute: (values: number[]) => number;
}

/**
 * The formulas a trend answers: PostHog's single `formula`, whose lines the answer holds alone, else Hedgerow's
 * `formulas`, each answered after the series (blank ones left out, each once).
 */
export function trendFormulas(
  filter: { formula?: string | null; formulas?: string[] | null },
  seriesCount: number,
): { formulas: TrendFormula[]; withSeries: boolean } {
  const single = filter.formula?.trim();
  if (single) return { formulas: [{ text: single, compute: compileFormula(single, seriesCount) }], withSeries: false };
  const texts = [...new Set((filter.formulas ?? []).map((text) => text.trim()).filter(Boolean))];
  return { formulas: texts.map((text) => ({ text, compute: compileFormula(text, seriesCount, "formulas") })), withSeries: true };
}

export function compileFormula(formula: string, seriesCount: number, attr = "formula"): (values: number[]) => number {
  const tokens = formula.toUpperCase().match(/\d+(?:\.\d+)?|[A-Z]|[-+*/()]|\S/g) ?? [];
  let pos = 0;
  let depth = 0;
  const fail = (): never => {
    throw validationError(`Invalid formula: "${formula}".`, attr);
  };
  // Each parenthesis or sign nests the parse (and the evaluation) one level deeper.
  const nested = <T>(parse: () => T): T => {
    if (++depth > MAX_FORMULA_DEPTH)
      throw validationError(
        `The formula is nested too deeply: at most ${MAX_FORMULA_DEPTH} levels of parentheses and signs.`,
        attr,
        "max_depth",
      );
    const node = parse();
    depth--;
    return node;
  };
  const peek = () => tokens[pos];
  const expr = (): Node => {
    let left = term();
    while (peek() === "+" || peek() === "-") {
      const op = tokens[pos++];
      left = { kind: "bin", op, left, right: term() };
    }
    return left;
  };
  const term = (): Node => {
    let left = factor();
    while (peek() === "*" || peek() === "/") {
      const op = tokens[pos++];
      left = { kind: "bin", op, left, right: factor() };
    }
    return left;
  };
  const factor = (): Node => {
    const t = tokens[pos++];
    if (t === undefined) return fail();
    if (t === "-") return nested(() => ({ kind: "neg", arg: factor() }));
    if (t === "+") return nested(factor);
    if (t === "(") {
      const inner = nested(expr);
      if (tokens[pos++] !== ")") fail();
      return inner;
    }
    if (/^\d/.test(t)) return { kind: "num", value: Number(t) };
    if (/^[A-Z]$/.test(t)) {
      const index = t.charCodeAt(0) - 65;
      if (index >= seriesCount)
        throw validationError(`Formula "${formula}" refers to series ${t}, but there are only ${seriesCount} series.`, attr);
      return { kind: "var", index };
    }
    return fail();
  };
  if (tokens.length === 0) fail();
  const tree = expr();
  if (pos !== tokens.length) fail();
  const evaluate = (node: Node, values: number[]): number => {
    switch (node.kind) {
      case "num":
        return node.value;
      case "var":
        return values[node.index] ?? 0;
      case "neg":
        return -evaluate(node.arg, values);
      case "bin": {
        const l = evaluate(node.left, values);
        const r = evaluate(node.right, values);
        return node.op === "+" ? l + r : node.op === "-" ? l - r : node.op === "*" ? l * r : l / r;
      }
    }
  };
  return (values) => {
    const v = evaluate(tree, values);
    return Number.isFinite(v) ? Math.round(v * 100) / 100 : 0;
  };
}

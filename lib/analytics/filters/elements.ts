import { ApiError, validationError } from "@/lib/api/errors";
import { escapeRegex, regexProblem } from "./regex";
import { selectorRegex } from "./selectors";

/**
 * Element filters (segments G28/G29): `{type: "element", key, value, operator}` over the event's `elements_chain`,
 * looking at every element of it (the clicked one and its ancestors). A list of values ORs (`is_not`: none of them).
 */

const ELEMENT_KEYS = ["text", "href", "tag_name", "selector"] as const;
type ElementKey = (typeof ELEMENT_KEYS)[number];
const OPERATORS_BY_KEY: Record<ElementKey, readonly string[]> = {
  text: ["exact", "is_not", "icontains", "regex"],
  href: ["exact", "is_not", "icontains", "regex"],
  tag_name: ["exact", "is_not"],
  selector: ["exact", "is_not"],
};
/** Most values one element filter may list. */
const MAX_ELEMENT_VALUES = 100;
/** Longest value (text, href, tag, selector or regex) one element filter may hold. */
const MAX_ELEMENT_VALUE_LENGTH = 2_000;

export interface ElementFilter {
  key: string;
  value?: unknown;
  operator: string;
}

interface Params {
  add(value: unknown, type: string): string;
}

/** The value of `key` on the elements of the chain, unescaped; `first`: the clicked element's or its nearest ancestor's. */
export function chainValuesSql(key: "href" | "text", params: Params): { first: string; all: string } {
  const pattern = params.add(String.raw`(?::|")${key}="((?:[^"\\]|\\.)*)"`, "String");
  const unescapedSql = (value: string) => `replaceAll(${value}, ${params.add('\\"', "String")}, '"')`;
  return {
    first: unescapedSql(`extract(e.elements_chain, ${pattern})`),
    all: `arrayMap(chain_value -> ${unescapedSql("chain_value")}, extractAll(e.elements_chain, ${pattern}))`,
  };
}

/** The filter's key, operator and values, or PostHog-style 400s. */
function checked(filter: ElementFilter, attr: string): { key: ElementKey; values: string[] } {
  if (!(ELEMENT_KEYS as readonly string[]).includes(filter.key))
    throw validationError(
      `Element filter key "${filter.key.slice(0, 100)}" is not one of ${ELEMENT_KEYS.join(", ")}.`,
      attr,
      "invalid_choice",
    );
  const key = filter.key as ElementKey;
  if (!OPERATORS_BY_KEY[key].includes(filter.operator))
    throw validationError(
      `Operator "${filter.operator}" is not supported for element ${key}: use one of ${OPERATORS_BY_KEY[key].join(", ")}.`,
      attr,
      "invalid_choice",
    );
  const values = (Array.isArray(filter.value) ? filter.value : [filter.value])
    .filter((v) => v !== undefined && v !== null && v !== "")
    .map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
  if (values.length === 0) throw validationError(`Element filter "${key}" needs a value.`, attr, "required");
  if (values.length > MAX_ELEMENT_VALUES)
    throw validationError(`Element filter "${key}" lists more than ${MAX_ELEMENT_VALUES} values.`, attr, "max_length");
  if (values.some((v) => v.length > MAX_ELEMENT_VALUE_LENGTH))
    throw validationError(
      `An element filter value is longer than ${MAX_ELEMENT_VALUE_LENGTH.toLocaleString("en-US")} characters.`,
      attr,
      "max_length",
    );
  if (filter.operator === "regex")
    for (const value of values) {
      const problem = regexProblem(value);
      if (problem) throw validationError(`Invalid regular expression for element ${key}: ${problem}.`, attr, "invalid_regex");
    }
  return { key, values };
}

/** The condition "some element of the chain has it", for one value. */
function oneValueSql(key: ElementKey, operator: string, value: string, params: Params, attr: string): string {
  if (key === "tag_name") return `match(e.elements_chain, ${params.add(`(^|;)${escapeRegex(value)}(\\.|$|;|:)`, "String")})`;
  if (key === "selector") {
    try {
      return `match(e.elements_chain, ${params.add(selectorRegex(value), "String")})`;
    } catch (error) {
      if (error instanceof ApiError) throw validationError(error.detail, attr, "invalid_selector");
      throw error;
    }
  }
  const all = chainValuesSql(key, params).all;
  const wanted = params.add(value, "String");
  if (operator === "icontains") return `arrayExists(v -> positionCaseInsensitiveUTF8(v, ${wanted}) > 0, ${all})`;
  // A regex covers the element's whole text or link, as PostHog's `text="<regex>"` over the chain does.
  if (operator === "regex") return `arrayExists(v -> match(v, ${params.add(`^(?:${value})$`, "String")}), ${all})`;
  return `has(${all}, ${wanted})`;
}

/** An element filter as a condition on the event `e`. */
export function elementFilterSql(filter: ElementFilter, params: Params, attr = "properties"): string {
  const { key, values } = checked(filter, attr);
  const positive = filter.operator === "is_not" ? "exact" : filter.operator;
  const any = values.map((value) => oneValueSql(key, positive, value, params, attr)).join(" OR ");
  return filter.operator === "is_not" ? `NOT (${any})` : `(${any})`;
}

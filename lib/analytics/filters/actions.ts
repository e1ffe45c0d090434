import { and, eq, inArray } from "drizzle-orm";
import { validationError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { MAX_INTEGER } from "@/lib/db/integers";
import { actions, type ActionStepJson } from "@/lib/db/schema";
import { SqlParams, ZProperties, propertyGroupSql, type PropertyColumns, type PropertyGroup } from "./properties";

/**
 * PostHog's actions as ClickHouse SQL: an action matches an event when any of its steps does; a step ANDs its
 * event name, `$current_url`, property filters and, on `$autocapture` steps, its element filters, which match
 * the event's `elements_chain` (`tag.class1.class2:key="value"key="value";parent…`, clicked element first,
 * attributes sorted by key, quotes inside values escaped as `\"`).
 */

export const STRING_MATCHING = ["contains", "regex", "exact"] as const;
export type StringMatching = (typeof STRING_MATCHING)[number];

/** A step with its defaults applied and its property filters as a group. */
export interface ActionStep {
  /** null: any event. */
  event: string | null;
  properties: PropertyGroup;
  selector: string | null;
  tag_name: string | null;
  text: string | null;
  text_matching: StringMatching;
  href: string | null;
  href_matching: StringMatching;
  url: string | null;
  url_matching: StringMatching;
}

export interface ActionDefinition {
  id: number;
  name: string;
  steps: ActionStep[];
}

/** The event's `$current_url` ('' when it has none), from its exact column (clickhouse/migrations/0003). */
const CURRENT_URL = "ifNull(e.prop_current_url, '')";
const AUTOCAPTURE = "$autocapture";

/** PostHog's defaults when a step leaves a matching mode null: exact text and href, url contains. */
export function normalizeActionStep(step: ActionStepJson): ActionStep {
  return {
    event: step.event || null,
    properties: ZProperties.parse(step.properties ?? []),
    selector: step.selector || null,
    tag_name: step.tag_name ?? null,
    text: step.text ?? null,
    text_matching: step.text_matching ?? "exact",
    href: step.href ?? null,
    href_matching: step.href_matching ?? "exact",
    url: step.url || null,
    url_matching: step.url_matching ?? "contains",
  };
}

function actionIdOf(raw: unknown): number | null {
  const id = typeof raw === "number" ? raw : typeof raw === "string" && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id >= 0 && id <= MAX_INTEGER ? id : null;
}

const shown = (raw: unknown) => (typeof raw === "object" ? JSON.stringify(raw) : String(raw));

/**
 * The project's actions with these ids (numbers or numeric strings), not deleted. An id naming none of them
 * answers PostHog's 400 (`Entity.get_action`).
 */
export async function loadActions(teamId: number, ids: unknown[]): Promise<Map<number, ActionDefinition>> {
  const wanted = new Map<number, unknown>();
  for (const raw of ids) {
    if (raw === null || raw === undefined) throw validationError("Action ID cannot be None!", "actions");
    const id = actionIdOf(raw);
    if (id === null) throw validationError(`Action ID ${shown(raw)} does not exist!`, "actions");
    if (!wanted.has(id)) wanted.set(id, raw);
  }
  const found = new Map<number, ActionDefinition>();
  if (wanted.size === 0) return found;
  const db = await getDb();
  const rows = await db
    .select({ id: actions.id, name: actions.name, steps: actions.steps })
    .from(actions)
    .where(and(eq(actions.projectId, teamId), eq(actions.deleted, false), inArray(actions.id, [...wanted.keys()])));
  for (const row of rows) found.set(row.id, { id: row.id, name: row.name ?? "", steps: row.steps.map(normalizeActionStep) });
  for (const [id, raw] of wanted) if (!found.has(id)) throw validationError(`Action ID ${shown(raw)} does not exist!`, "actions");
  return found;
}

// ---- regular expressions (ClickHouse evaluates them with RE2) ----

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Why ClickHouse could not run `pattern`, or null when it can: a JavaScript syntax check, plus what JavaScript
 * accepts and RE2 refuses (lookarounds, backreferences).
 */
export function regexProblem(pattern: string): string | null {
  try {
    // RE2's inline flags (`(?i)`, `(?i:…)`) are not JavaScript's.
    new RegExp(pattern.replace(/\(\?[imsU]+\)/g, "").replace(/\(\?[imsU]+:/g, "(?:"));
  } catch (error) {
    return (error as Error).message;
  }
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      const next = pattern[i + 1] ?? "";
      if (!inClass && (/[1-9]/.test(next) || (next === "k" && pattern[i + 2] === "<"))) return "backreferences are not supported";
      i++;
    } else if (inClass) {
      if (c === "]") inClass = false;
    } else if (c === "[") {
      inClass = true;
      if (pattern[i + 1] === "^") i++;
      if (pattern[i + 1] === "]") i++;
    } else if (c === "(" && pattern[i + 1] === "?" && /^(=|!|<=|<!)/.test(pattern.slice(i + 2, i + 4))) {
      return "lookahead and lookbehind are not supported";
    }
  }
  return null;
}

// ---- CSS selectors ----

/** One compound selector (`a.btn#go[data-x="1"]:nth-child(2)`): what a single element must have. */
interface SelectorPart {
  /** Lower-cased; null for any tag (`*` or none written). */
  tag: string | null;
  classes: string[];
  /** Keys as the elements chain spells them; a null value asks only that the attribute be present. */
  attributes: { key: string; value: string | null }[];
  /** How this element relates to the element of the part written before it (null for the first part). */
  combinator: "descendant" | "child" | null;
}

class SelectorError extends Error {}

const IDENT_CHAR = /[A-Za-z0-9_\-\u0080-\uffff]/;

/**
 * Parses the selector forms PostHog matches: type selectors and `*`, `.class`, `#id`, `[attr]`, `[attr=value]`
 * (quoted or not), `:nth-child(n)`, `:nth-of-type(n)`, and the descendant (space) and child (`>`) combinators.
 * Anything else throws: a selector PostHog would turn into a regex no element matches is refused instead.
 */
function parseSelector(selector: string): SelectorPart[] {
  const source = selector.trim();
  let i = 0;
  const fail = (reason: string): never => {
    throw new SelectorError(reason);
  };
  const skipSpaces = () => {
    const start = i;
    while (i < source.length && /\s/.test(source[i])) i++;
    return i > start;
  };
  const escape = (): string => {
    i++; // the backslash
    const hex = /^[0-9a-fA-F]{1,6}/.exec(source.slice(i));
    if (hex) {
      i += hex[0].length;
      if (/\s/.test(source[i] ?? "")) i++;
      return String.fromCodePoint(Number.parseInt(hex[0], 16));
    }
    if (i >= source.length) fail("it ends with a backslash");
    return source[i++];
  };
  const identifier = (what: string): string => {
    let name = "";
    while (i < source.length) {
      if (source[i] === "\\") name += escape();
      else if (IDENT_CHAR.test(source[i])) name += source[i++];
      else break;
    }
    if (!name) fail(`a ${what} is missing at position ${i + 1}`);
    return name;
  };
  const quoted = (): string => {
    const quote = source[i++];
    let value = "";
    while (i < source.length && source[i] !== quote) value += source[i] === "\\" ? escape() : source[i++];
    if (i >= source.length) fail("a quoted value is not closed");
    i++;
    return value;
  };

  const parts: SelectorPart[] = [];
  let combinator: SelectorPart["combinator"] = null;
  while (i < source.length) {
    const part: SelectorPart = { tag: null, classes: [], attributes: [], combinator };
    const universal = source[i] === "*";
    if (universal) i++;
    else if (IDENT_CHAR.test(source[i]) || source[i] === "\\") part.tag = identifier("tag name").toLowerCase();
    let simple = universal || part.tag !== null;
    while (i < source.length && !/[\s>+~,]/.test(source[i])) {
      const c = source[i++];
      if (c === ".") part.classes.push(identifier("class name").replace(/"/g, ""));
      else if (c === "#") part.attributes.push({ key: "attr_id", value: identifier("id") });
      else if (c === "[") {
        skipSpaces();
        const name = identifier("attribute name").toLowerCase();
        skipSpaces();
        const key = name === "id" ? "attr_id" : `attr__${name}`;
        if (source[i] === "]") part.attributes.push({ key, value: null });
        else if (source[i] === "=") {
          i++;
          skipSpaces();
          const value = source[i] === '"' || source[i] === "'" ? quoted() : identifier("attribute value");
          skipSpaces();
          part.attributes.push({ key, value });
        } else if (/[~|^$*]/.test(source[i] ?? "") && source[i + 1] === "=") fail(`the attribute operator "${source[i]}=" is not supported`);
        else fail(`"[${name}" is not closed as [attr] or [attr="value"]`);
        if (source[i] !== "]") fail(`"[${name}" is not closed as [attr] or [attr="value"]`);
        i++;
      } else if (c === ":") {
        if (source[i] === ":") fail("pseudo-elements are not supported");
        const name = identifier("pseudo-class").toLowerCase();
        if (name !== "nth-child" && name !== "nth-of-type") fail(`the pseudo-class ":${name}" is not supported`);
        const argument = /^\(\s*(\d+)\s*\)/.exec(source.slice(i));
        if (!argument) fail(`:${name} needs a number, as in :${name}(2)`);
        i += argument![0].length;
        part.attributes.push({ key: name, value: String(Number(argument![1])) });
      } else fail(`unexpected "${c}" at position ${i}`);
      simple = true;
    }
    if (!simple) fail(`unexpected "${source[i]}" at position ${i + 1}`);
    parts.push(part);
    const spaced = skipSpaces();
    if (i >= source.length) break;
    if (source[i] === ">") {
      i++;
      skipSpaces();
      combinator = "child";
    } else if (/[+~,]/.test(source[i])) fail(`"${source[i]}" is not supported (only descendant and ">" combinators are)`);
    else if (spaced) combinator = "descendant";
    if (i >= source.length) fail("it ends with a combinator");
  }
  if (parts.length === 0) fail("it is empty");
  return parts;
}

/** Why PostHog's matching cannot use `selector`, or null when it can. */
export function selectorProblem(selector: string): string | null {
  try {
    parseSelector(selector);
    return null;
  } catch (error) {
    if (error instanceof SelectorError) return error.message;
    throw error;
  }
}

// Regex pieces for the elements chain. A quoted value may hold `;` and escaped quotes.
const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;
const ANY_ELEMENT = String.raw`(?:[^;"]|${QUOTED})*`;
/** Class names may hold `:` (Tailwind's `md:flex`); only an attribute list can follow the last one. */
const CLASS = String.raw`\.[^.;"]*`;
const ANY_ATTRIBUTE = String.raw`(?:text|nth-child|nth-of-type|href|attr_id|attr__[^";=]*)=${QUOTED}`;

/** A chain value as posthog-js writes it: every `"` (or `\"`) as `\"`. */
const chainValue = (value: string) => value.replace(/\\?"/g, '\\"');

function attributeListRegex(attributes: SelectorPart["attributes"]): string {
  if (attributes.length === 0) return `(?::(?:${ANY_ATTRIBUTE})*)?`;
  const piece = ({ key, value }: SelectorPart["attributes"][number]) =>
    `${escapeRegex(key)}=${value === null ? QUOTED : `"${escapeRegex(chainValue(value))}"`}`;
  const inOrder = (sorted: SelectorPart["attributes"]) =>
    `:(?:${ANY_ATTRIBUTE})*?${sorted.map(piece).join(`(?:${ANY_ATTRIBUTE})*?`)}(?:${ANY_ATTRIBUTE})*`;
  // PostHog's server sorts attribute keys by code point, posthog-js with localeCompare: accept either order.
  const byCodePoint = inOrder([...attributes].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)));
  const byLocale = inOrder([...attributes].sort((a, b) => a.key.localeCompare(b.key)));
  return byCodePoint === byLocale ? byCodePoint : `(?:${byCodePoint}|${byLocale})`;
}

/** One whole element (up to, not including, its `;`) with everything the part asks for. */
function elementRegex(part: SelectorPart): string {
  let regex = part.tag === null ? `[^.:;"]*` : escapeRegex(part.tag);
  for (const name of [...part.classes].sort()) regex += `(?:${CLASS})*?\\.${escapeRegex(name)}`;
  regex += `(?:${CLASS})*`;
  return regex + attributeListRegex(part.attributes);
}

/**
 * A regex over the whole chain: the selector's last part is some element of the chain (PostHog counts a click
 * inside a matching element), and each earlier part an ancestor of the next, its parent for `>`.
 */
export function selectorRegex(selector: string): string {
  let parts: SelectorPart[];
  try {
    parts = parseSelector(selector);
  } catch (error) {
    if (error instanceof SelectorError) throw validationError(`Unsupported selector "${selector}": ${error.message}.`, "selector");
    throw error;
  }
  let regex = `^(?:${ANY_ELEMENT};)*?${elementRegex(parts[parts.length - 1])}`;
  for (let k = parts.length - 2; k >= 0; k--) {
    const skipped = parts[k + 1].combinator === "descendant" ? `(?:${ANY_ELEMENT};)*?` : "";
    regex += `;${skipped}${elementRegex(parts[k])}`;
  }
  return `${regex}(?:;|$)`;
}

// ---- SQL ----

/** The value of `key` on the elements of the chain, unescaped; `first`: the clicked element's or its nearest ancestor's. */
function chainValuesSql(key: "href" | "text", params: SqlParams): { first: string; all: string } {
  const pattern = params.add(String.raw`(?::|")${key}="((?:[^"\\]|\\.)*)"`, "String");
  const unescape = (value: string) => `replaceAll(${value}, ${params.add('\\"', "String")}, '"')`;
  return {
    first: unescape(`extract(e.elements_chain, ${pattern})`),
    all: `arrayMap(chain_value -> ${unescape("chain_value")}, extractAll(e.elements_chain, ${pattern}))`,
  };
}

function stringMatchSql(value: string, wanted: string, matching: StringMatching, caseInsensitiveContains: boolean, params: SqlParams): string {
  const placeholder = params.add(wanted, "String");
  if (matching === "exact") return `${value} = ${placeholder}`;
  if (matching === "regex") return `match(${value}, ${placeholder})`;
  return `${caseInsensitiveContains ? "positionCaseInsensitiveUTF8" : "position"}(${value}, ${placeholder}) > 0`;
}

function stepSql(step: ActionStep, columns: PropertyColumns, params: SqlParams): string {
  const conditions: string[] = [];
  if (step.event) conditions.push(`e.event = ${params.add(step.event, "String")}`);
  // PostHog applies element filters to autocaptured events only.
  if (step.event === AUTOCAPTURE) {
    if (step.selector) conditions.push(`match(e.elements_chain, ${params.add(selectorRegex(step.selector), "String")})`);
    if (step.tag_name !== null)
      conditions.push(`match(e.elements_chain, ${params.add(`^(?:${ANY_ELEMENT};)*?${escapeRegex(step.tag_name)}(?:[.:;]|$)`, "String")})`);
    if (step.href !== null) conditions.push(stringMatchSql(chainValuesSql("href", params).first, step.href, step.href_matching, true, params));
    if (step.text !== null) {
      const texts = chainValuesSql("text", params).all;
      conditions.push(`arrayExists(chain_text -> ${stringMatchSql("chain_text", step.text, step.text_matching, true, params)}, ${texts})`);
    }
  }
  if (step.url) {
    // A missing `$current_url` is '' in the materialized column, and null (never matching) in PostHog.
    const url = stringMatchSql(CURRENT_URL, step.url, step.url_matching, false, params);
    conditions.push(step.url_matching === "regex" ? `${CURRENT_URL} != '' AND ${url}` : url);
  }
  const properties = propertyGroupSql(step.properties, columns, params);
  if (properties !== "1") conditions.push(properties);
  if (conditions.length === 0) return "1";
  return conditions.map((c) => `(${c})`).join(" AND ");
}

/**
 * Whether the event row `e` (`e.event`, `e.properties`, `e.elements_chain`, `e.prop_current_url`) matches the
 * action: any of its steps; none when it has no steps. Person properties read `columns.person`.
 */
export function actionConditionSql(action: ActionDefinition, columns: { event: string; person: string }, params: SqlParams): string {
  if (action.steps.length === 0) return "0";
  return `(${action.steps.map((step) => `(${stepSql(step, columns, params)})`).join(" OR ")})`;
}

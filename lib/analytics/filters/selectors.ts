import { validationError } from "@/lib/api/errors";
import { escapeRegex } from "./regex";

// CSS selectors of action steps, parsed and turned into a regex over PostHog's `elements_chain`
// (`tag.class1.class2:key="value"key="value";parent…`, clicked element first, attributes sorted by key).

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
  const readEscape = (): string => {
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
      if (source[i] === "\\") name += readEscape();
      else if (IDENT_CHAR.test(source[i])) name += source[i++];
      else break;
    }
    if (!name) fail(`a ${what} is missing at position ${i + 1}`);
    return name;
  };
  const quoted = (): string => {
    const quote = source[i++];
    let value = "";
    while (i < source.length && source[i] !== quote) value += source[i] === "\\" ? readEscape() : source[i++];
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
        } else if (/[~|^$*]/.test(source[i] ?? "") && source[i + 1] === "=")
          fail(`the attribute operator "${source[i]}=" is not supported`);
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
export const ANY_ELEMENT = `(?:[^;"]|${QUOTED})*`;
/** Class names may hold `:` (Tailwind's `md:flex`); only an attribute list can follow the last one. */
const CLASS = String.raw`\.[^.;"]*`;
const ANY_ATTRIBUTE = `(?:text|nth-child|nth-of-type|href|attr_id|attr__[^";=]*)=${QUOTED}`;

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

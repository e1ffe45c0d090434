/**
 * PostHog's autocapture elements: the `elements` of its events API, and `elements_chain`, the string ClickHouse
 * stores them as — one element per `;`, clicked element first, each `tag.class1.class2:key="value"key="value"`
 * with the attributes sorted by key, `nth-child` and `nth-of-type` always present, and `"` escaped as `\"`.
 */

export interface Element {
  text: string | null;
  tag_name: string | null;
  attr_class: string[] | null;
  href: string | null;
  attr_id: string | null;
  nth_child: number | null;
  nth_of_type: number | null;
  attributes: Record<string, string>;
  /** The element's place in the chain, 0 for the clicked element. */
  order: number;
}

/** PostHog's ingestion keeps this much of an element's text and link. */
const MAX_TEXT = 400;
const MAX_HREF = 2048;

const escapeQuotes = (value: string) => value.replace(/"/g, '\\"');
const text = (value: unknown): string | null => (value === undefined || value === null ? null : String(value));

/**
 * The elements posthog-js sends as `$elements` (when its remote config does not ask for the chain): `tag_name`,
 * `$el_text`, `nth_child`, `nth_of_type`, and the DOM attributes as `attr__<name>`.
 */
export function elementsFromSdk(sent: unknown[]): Omit<Element, "order">[] {
  return sent
    .filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null && !Array.isArray(item))
    .map((item) => {
      const classes = text(item.attr__class);
      const nth = (value: unknown) => (typeof value === "number" && Number.isInteger(value) ? value : null);
      return {
        text: text(item.$el_text)?.slice(0, MAX_TEXT) ?? null,
        tag_name: text(item.tag_name),
        href: text(item.attr__href)?.slice(0, MAX_HREF) ?? null,
        attr_class: classes ? classes.split(" ").filter(Boolean) : null,
        attr_id: text(item.attr__id),
        nth_child: nth(item.nth_child),
        nth_of_type: nth(item.nth_of_type),
        attributes: Object.fromEntries(
          Object.entries(item)
            .filter(([key, value]) => key.startsWith("attr__") && value !== undefined && value !== null)
            .map(([key, value]) => [key, String(value)]),
        ),
      };
    });
}

/** Elements as PostHog's ingestion writes them into `elements_chain`. */
export function elementsToChain(elements: Omit<Element, "order">[]): string {
  return elements
    .map((element) => {
      const classes = [...(element.attr_class ?? [])].sort().map((name) => `.${name.replace(/"/g, "")}`);
      const attributes: Record<string, string | number> = {
        ...(element.text ? { text: element.text } : {}),
        "nth-child": element.nth_child ?? 0,
        "nth-of-type": element.nth_of_type ?? 0,
        ...(element.href ? { href: element.href } : {}),
        ...(element.attr_id ? { attr_id: element.attr_id } : {}),
        ...element.attributes,
      };
      const pairs = Object.keys(attributes)
        .sort()
        .map((key) => `${escapeQuotes(key)}="${escapeQuotes(String(attributes[key]))}"`);
      return `${element.tag_name ?? ""}${classes.join("")}:${pairs.join("")}`;
    })
    .join(";");
}

/** Splits on the `;` between elements, never on one inside a quoted value. */
function splitElements(chain: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < chain.length; i++) {
    const char = chain[i];
    if (char === "\\" && quoted) {
      current += char + (chain[i + 1] ?? "");
      i++;
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === ";" && !quoted) {
      parts.push(current);
      current = "";
    } else current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** `key="value"` pairs, values unescaped; a pair cut short ends the list. */
function parseAttributes(source: string): [string, string][] {
  const pairs: [string, string][] = [];
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf('="', at);
    if (open < 0) break;
    const key = source.slice(at, open);
    let value = "";
    let i = open + 2;
    for (; i < source.length && source[i] !== '"'; i++) {
      if (source[i] === "\\" && i + 1 < source.length) i++;
      value += source[i];
    }
    if (i >= source.length) break;
    pairs.push([key, value]);
    at = i + 1;
  }
  return pairs;
}

function integer(value: string): number | null {
  const parsed = Number.parseInt(value, 10);
  return Number.isSafeInteger(parsed) ? parsed : null;
}

/** PostHog's `chain_to_elements`: `elements_chain` back into the events API's `elements`. */
export function chainToElements(chain: string): Element[] {
  return splitElements(chain.replaceAll("\n", "")).map((source, order) => {
    // The tag and classes end at the first `:` that starts an attribute (`key="`); classes may hold `:` too.
    const start = /:(?=[a-zA-Z0-9_-]*=")/.exec(source);
    const head = start ? source.slice(0, start.index) : source;
    const [tag, ...classes] = head.split(".");
    const element: Element = {
      text: null,
      tag_name: tag || null,
      attr_class: classes.filter(Boolean).length ? classes.filter(Boolean) : null,
      href: null,
      attr_id: null,
      nth_child: null,
      nth_of_type: null,
      attributes: {},
      order,
    };
    for (const [key, value] of start ? parseAttributes(source.slice(start.index + 1)) : []) {
      if (key === "href") element.href = value;
      else if (key === "nth-child") element.nth_child = integer(value);
      else if (key === "nth-of-type") element.nth_of_type = integer(value);
      else if (key === "text") element.text = value;
      else if (key === "attr_id") element.attr_id = value;
      else if (key) element.attributes[key] = value;
    }
    return element;
  });
}

/**
 * How deep an event's JSON may nest: the event object is level 1, its properties level 2. ClickHouse's JSON
 * functions read a document of at most 1,024 levels and nothing at all of a deeper one (tried on chDB 26.7:
 * `isValidJSON` turns 0 at 1,025), so every property of a deeper event would be lost to analyses; the bound
 * also keeps the walk below, JSON.stringify and PostgreSQL's jsonb far from their stack limits.
 */
export const MAX_EVENT_DEPTH = 1_000;

/** What `wellFormedJson` answers for a value nested deeper than its bound. */
export const TOO_DEEP = Symbol("too deep");

/**
 * The text with U+0000 and lone surrogates replaced by U+FFFD, as PostHog's capture stores them: PostgreSQL's
 * text and jsonb hold no U+0000, and ClickHouse refuses a lone surrogate's `\ud800` escape.
 */
export const wellFormed = (text: string): string => text.toWellFormed().replaceAll("\u0000", "\ufffd");

const isWellFormed = (text: string) => text.isWellFormed() && !text.includes("\u0000");

/**
 * The JSON value with every string, object keys included, made well-formed: the value itself when it already is
 * (nearly every event: the walk then allocates nothing), else a copy of what changed; TOO_DEEP if it nests deeper
 * than `maxDepth` levels (the value itself is level 1). The walk never goes below the bound, so a payload of any
 * depth is safe to check.
 */
export function wellFormedJson<T>(value: T, maxDepth: number): T | typeof TOO_DEEP {
  if (typeof value === "string") return (isWellFormed(value) ? value : wellFormed(value)) as T;
  if (typeof value !== "object" || value === null) return value;
  if (maxDepth < 1) return TOO_DEEP;
  if (Array.isArray(value)) {
    // Copied from the first item that changes.
    let items: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const copy = wellFormedJson(value[i], maxDepth - 1);
      if (copy === TOO_DEEP) return TOO_DEEP;
      if (!items && copy !== value[i]) items = value.slice(0, i);
      items?.push(copy);
    }
    return (items ?? value) as T;
  }
  const original = Object.entries(value);
  let entries: [string, unknown][] | null = null;
  for (let i = 0; i < original.length; i++) {
    const [key, item] = original[i];
    const copy = wellFormedJson(item, maxDepth - 1);
    if (copy === TOO_DEEP) return TOO_DEEP;
    const fixedKey = isWellFormed(key) ? key : wellFormed(key);
    if (!entries && (copy !== item || fixedKey !== key)) entries = original.slice(0, i);
    entries?.push([fixedKey, copy]);
  }
  // fromEntries defines each key as an own property: a "__proto__" key stays a key.
  return (entries ? Object.fromEntries(entries) : value) as T;
}

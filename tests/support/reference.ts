// Building blocks of the tests' reference computations (plain TypeScript, independent of the SQL under test).

/** A seeded PRNG (mulberry32): the same seed gives the same generated events on every run. */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Which person each distinct id belongs to once every `$identify` is applied, whatever the order (S1): a
 * union-find over `$anon_distinct_id` → `distinct_id`. Returns a person key for a distinct id.
 */
export function personsOf(events: { event: string; distinct_id: string; properties?: Record<string, unknown> }[]) {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    const p = parent.get(x);
    if (!p || p === x) return x;
    const root = find(p);
    parent.set(x, root);
    return root;
  };
  for (const e of events) {
    const anon = e.event === "$identify" ? (e.properties?.$anon_distinct_id as string | undefined) : undefined;
    if (anon && find(anon) !== find(e.distinct_id)) parent.set(find(anon), find(e.distinct_id));
  }
  return find;
}

/** The start of the interval holding `ms` (weeks start on Sunday, S4), as milliseconds. */
export function intervalStart(ms: number, interval: "hour" | "day" | "week" | "month"): number {
  const d = new Date(ms);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  if (interval === "hour") return Date.UTC(y, m, day, d.getUTCHours());
  if (interval === "day") return Date.UTC(y, m, day);
  if (interval === "week") return Date.UTC(y, m, day - d.getUTCDay());
  return Date.UTC(y, m, 1);
}

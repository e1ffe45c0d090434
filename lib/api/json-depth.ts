import { validationError } from "./errors";

/**
 * How deep arrays and objects may nest in what a request carries (a body, or JSON text in a query parameter).
 * PostHog's own bodies nest about a dozen levels; a deeper one would only make the recursive schemas and SQL
 * builders overflow the stack.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether `value` nests arrays and objects deeper than `max` levels (walked without recursion: any depth is safe). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
  return false;
}

/** A 400 for input nested past MAX_JSON_DEPTH. */
export function checkJsonDepth(value: unknown, attr: string | null = null) {
  if (nestsDeeperThan(value, MAX_JSON_DEPTH))
    throw validationError(`Arrays and objects may nest at most ${MAX_JSON_DEPTH} levels deep.`, attr, "max_depth");
}

import { type BuiltInTransformation, ConfigProblem } from "./kinds";

/** PostHog's URL Normalizer: `$current_url` lower-cased whole, and its path's one trailing slash removed. */
export function normalizedUrl(url: string): string {
  const parsed = new URL(url.toLowerCase());
  parsed.pathname = parsed.pathname.replace(/\/$/, "");
  return parsed.toString();
}

export const urlNormalizer: BuiltInTransformation = {
  prepare: () => (event) => {
    const url = event.properties.$current_url;
    if (typeof url !== "string" || !url) return event;
    // An invalid URL throws: the runner logs it and keeps the event as it was, as PostHog does.
    return { ...event, properties: { ...event.properties, $current_url: normalizedUrl(url) } };
  },
};

const MAX_FILTERED = 100;
const MAX_PATH_PARTS = 10;

/** The property paths to drop: comma-separated, each a name or a dotted path into nested objects (`$set.email`). */
function filteredPaths(config: Record<string, unknown>): string[][] {
  const paths = String(config.properties ?? "")
    .split(",")
    .map((path) => path.trim())
    .filter(Boolean);
  if (!paths.length) throw new ConfigProblem("properties", "Name at least one property.");
  if (paths.length > MAX_FILTERED) throw new ConfigProblem("properties", `Name at most ${MAX_FILTERED} properties.`);
  return paths.map((path) => {
    const parts = path.split(".");
    if (parts.length > MAX_PATH_PARTS || parts.some((part) => !part))
      throw new ConfigProblem("properties", `"${path}" is not a property path.`);
    return parts;
  });
}

/** A copy of `value` without the path, the objects along it copied (the event's own are left unchanged). */
function without(value: Record<string, unknown>, [key, ...rest]: string[]): Record<string, unknown> {
  if (!Object.hasOwn(value, key)) return value;
  if (!rest.length) {
    const { [key]: _, ...others } = value;
    return others;
  }
  const nested = value[key];
  if (!nested || typeof nested !== "object" || Array.isArray(nested)) return value;
  return { ...value, [key]: without(nested as Record<string, unknown>, rest) };
}

/** PostHog's "Property Filter": the named properties (or nested paths) removed from each event. */
export const propertyFilter: BuiltInTransformation = {
  prepare(config) {
    const paths = filteredPaths(config);
    return (event) => ({ ...event, properties: paths.reduce(without, event.properties) });
  },
};

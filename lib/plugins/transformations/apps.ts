import { createHash } from "node:crypto";
import { RUN_BY_HEDGEROW } from "../runs";
import { geoip } from "./geoip";
import { type BuiltInTransformation, ConfigProblem } from "./kinds";
import { propertyFilter, urlNormalizer } from "./properties";
import { botFilter, userAgentPopulator } from "./user-agent";

// The flattener leaves these alone, as PostHog's does: events whose properties would explode into thousands, and
// properties other features read nested.
const UNFLATTENED_EVENTS = new Set(["$autocapture", "organization usage report"]);
const UNFLATTENED_PROPERTIES = new Set([
  "$elements",
  "$elements_chain",
  "$groups",
  "$active_feature_flags",
  "$heatmap_data",
  "$web_vitals_data",
]);
const SEPARATORS = new Set(["__", ".", ">", "/"]);
/** Deeper nesting is left as it is: a body's size bounds the work, the depth bounds the recursion. */
const MAX_FLATTEN_DEPTH = 32;

/** Each nested value also as a top-level property named by its path (array items by index); the nested ones stay. */
function flattened(properties: Record<string, unknown>, separator: string): Record<string, unknown> {
  const added: Record<string, unknown> = {};
  const walk = (value: unknown, path: string, depth: number) => {
    if (value !== null && typeof value === "object" && depth < MAX_FLATTEN_DEPTH) {
      const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
      if (entries.length) {
        for (const [key, item] of entries) walk(item, `${path}${separator}${key}`, depth + 1);
        return;
      }
    }
    if (depth > 0) added[path] = value;
  };
  for (const [key, value] of Object.entries(properties)) if (!UNFLATTENED_PROPERTIES.has(key)) walk(value, key, 0);
  return { ...properties, ...added };
}

const propertyFlattener: BuiltInTransformation = {
  prepare(config) {
    const separator = String(config.separator ?? "__");
    if (!SEPARATORS.has(separator)) throw new ConfigProblem("separator", `"${separator}" is not a valid choice.`);
    return (event) => {
      if (UNFLATTENED_EVENTS.has(event.event)) return event;
      const properties = flattened(event.properties, separator);
      for (const key of ["$set", "$set_once"]) {
        const value = properties[key];
        if (value && typeof value === "object" && !Array.isArray(value))
          properties[key] = flattened(value as Record<string, unknown>, separator);
      }
      return { ...event, properties };
    };
  },
};

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The event's time (UTC) as properties: day of the week, day, month, year, hour and minute. */
const timestampParser: BuiltInTransformation = {
  prepare: () => (event) => {
    const t = event.timestamp;
    return {
      ...event,
      properties: {
        ...event.properties,
        day_of_the_week: WEEKDAYS[t.getUTCDay()],
        day: t.getUTCDate(),
        month: t.getUTCMonth() + 1,
        year: t.getUTCFullYear(),
        hour: t.getUTCHours(),
        minute: t.getUTCMinutes(),
      },
    };
  },
};

/** The share of distinct ids (0..1) below which this one falls, from its SHA-256: the same for every event of it. */
export function distinctIdShare(distinctId: string): number {
  const digest = createHash("sha256").update(distinctId).digest("hex");
  return Number.parseInt(digest.slice(0, 13), 16) / 16 ** 13;
}

const downsampling: BuiltInTransformation = {
  prepare(config) {
    const raw = String(config.percentage ?? "100").trim();
    const percentage = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(percentage >= 0 && percentage <= 100)) throw new ConfigProblem("percentage", "Enter a number from 0 to 100.");
    const method = String(config.samplingMethod ?? "Distinct ID aware sampling");
    if (method !== "Random sampling" && method !== "Distinct ID aware sampling")
      throw new ConfigProblem("samplingMethod", `"${method}" is not a valid choice.`);
    const keep = percentage / 100;
    if (method === "Random sampling") return (event) => (Math.random() < keep ? event : null);
    return (event) => (distinctIdShare(event.distinctId) < keep ? event : null);
  },
};

/** The catalog's transformations Hedgerow runs, by their catalog URL. */
export const BUILT_IN_TRANSFORMATIONS: Readonly<Record<string, BuiltInTransformation>> = {
  [RUN_BY_HEDGEROW.flattener]: propertyFlattener,
  [RUN_BY_HEDGEROW.timestampParser]: timestampParser,
  [RUN_BY_HEDGEROW.downsampling]: downsampling,
  [RUN_BY_HEDGEROW.geoip]: geoip,
  [RUN_BY_HEDGEROW.userAgent]: userAgentPopulator,
  [RUN_BY_HEDGEROW.botFilter]: botFilter,
  [RUN_BY_HEDGEROW.urlNormalizer]: urlNormalizer,
  [RUN_BY_HEDGEROW.propertyFilter]: propertyFilter,
};

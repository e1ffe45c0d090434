import type { CapturedEvent } from "@/lib/ingestion/types";

/**
 * What an enabled transformation does to one event: the event (changed in place or new), or null to drop it. A
 * promise only while something it needs loads once (the GeoIP database); the runner awaits only then.
 */
export type Transform = (event: CapturedEvent) => CapturedEvent | null | Promise<CapturedEvent | null>;

/** A setting a built-in transformation cannot run with: a 400 on `config__<key>` when the app is enabled. */
export class ConfigProblem extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

/** A catalog transformation Hedgerow runs itself: its settings read (or refused) once, the transform run per event. */
export interface BuiltInTransformation {
  prepare(config: Record<string, unknown>): Transform;
}

/** A "true"/"false" choice setting (PostHog's apps store them as strings); anything else is refused. */
export function booleanChoice(config: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const value = config[key];
  if (value === undefined || value === null || value === "") return fallback;
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  throw new ConfigProblem(key, `"${String(value)}" is not a valid choice.`);
}

/** The event's user agent: the raw header posthog-js sends, or the one server libraries set. */
export function userAgentOf(properties: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = properties[key];
    if (typeof value === "string" && value.trim()) return value;
  }
  return null;
}

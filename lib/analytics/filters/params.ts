import { z } from "zod";
import { checkJsonDepth } from "@/lib/api/json-depth";

/**
 * Legacy GET analyses take the filter as query params, arrays and objects JSON-encoded (PostHog's Filter);
 * other text stays text (a breakdown named "123" is not a number).
 */
export function jsonParam(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (!/^[[{]/.test(trimmed)) return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return value;
  }
  checkJsonDepth(parsed);
  return parsed;
}

/** `schema`, read from its JSON text in a GET query. */
export const jsonish = <S extends z.ZodType>(schema: S) => z.preprocess(jsonParam, schema);

/** An integer, or its digits as a GET query gives them. */
export const intish = z.preprocess(
  (value) => (typeof value === "string" && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
  z.number().int(),
);

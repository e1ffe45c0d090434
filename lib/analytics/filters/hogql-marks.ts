import { type ApiError, validationError } from "@/lib/api/errors";
import { dataErrorMessage } from "@/lib/hogql/errors";

/**
 * Compiled HogQL expressions carry a comment naming the field they came from (`/*hogql:breakdown*\/`), so an
 * engine error on a value (a text that is no number, a division by zero) in a query that holds one is known to be
 * the expression's: a 400 naming that field, not a server error. The engine ignores comments. Their dates read in
 * the project's timezone, as PostHog's do (`toStartOfDay(timestamp)` is the project's day), through ZONE_PARAM.
 */
const MARK = /\/\*hogql:([\w.]*)\*\//g;

/** The timezone an expression is compiled with, then replaced by ZONE_PLACEHOLDER (a name no zone has). */
export const ZONE_MARK = "hedgerow_project_timezone";
/** The query parameter that carries the project's timezone to expressions (bound by the analysis store). */
export const ZONE_PARAM = "hogql_tz";
export const ZONE_PLACEHOLDER = `{${ZONE_PARAM}:String}`;

/** The expression's SQL, marked as coming from `attr`. */
export const markHogQL = (sql: string, attr: string): string => `/*hogql:${attr.replace(/[^\w.]/g, "")}*/${sql}`;

/** The 400 of an expression the engine could not evaluate, with the engine's reason. */
export const expressionError = (reason: string, attr: string | null): ApiError =>
  validationError(`The HogQL expression cannot run: ${reason}.`, attr, "query_error");

/**
 * The 400 for an engine error on a value or a type in a query holding HogQL expressions, naming the field when
 * they all come from one; null for any other error or query (the engine's limits and faults answer elsewhere).
 */
export function hogqlDataError(sql: string, error: unknown): ApiError | null {
  const attrs = new Set(Array.from(sql.matchAll(MARK), (m) => m[1]));
  if (attrs.size === 0) return null;
  const reason = dataErrorMessage(error);
  if (reason === null) return null;
  return expressionError(reason, attrs.size === 1 ? [...attrs][0] : null);
}

import { validationError } from "@/lib/api/errors";

/** Sessions (segments G19–G24): the events sharing one non-empty `$session_id`, and their duration. */

/** The one session property: seconds between the session's first and last event. */
export const SESSION_DURATION = "$session_duration";
export const SESSION_OPERATORS = ["gt", "gte", "lt", "lte", "exact"] as const;
type SessionOperator = (typeof SESSION_OPERATORS)[number];
const COMPARE: Record<SessionOperator, string> = { gt: ">", gte: ">=", lt: "<", lte: "<=", exact: "=" };

/**
 * Each session's duration (G20): `sid`, `duration` (whole seconds, over ALL its events, whatever their name or
 * time). `among` (SQL of session ids) keeps it to the sessions a query touches; always the team's events only.
 */
export function sessionDurationsSql(team: string, among?: string): string {
  const restrict = among ? ` AND prop_session_id IN (${among})` : "";
  return `SELECT assumeNotNull(prop_session_id) AS sid, dateDiff('second', min(timestamp), max(timestamp)) AS duration
    FROM events WHERE team_id = ${team} AND prop_session_id != ''${restrict} GROUP BY sid`;
}

/** The 400 for a session property other than `$session_duration` (named, within reason). */
export const unsupportedSessionProperty = (key: string, attr: string) =>
  validationError(`Session property "${key.slice(0, 200)}" is not supported: only "${SESSION_DURATION}" is.`, attr, "unsupported");

export interface SessionFilter {
  key: string;
  operator: string;
  value?: unknown;
}

/** A session filter's operator and number, or PostHog-style 400s for what legacy insights refuse (G23). */
export function checkSessionFilter(filter: SessionFilter, attr = "properties"): { operator: SessionOperator; value: number } {
  if (filter.key !== SESSION_DURATION) throw unsupportedSessionProperty(filter.key, attr);
  if (!(SESSION_OPERATORS as readonly string[]).includes(filter.operator))
    throw validationError(
      `Operator "${filter.operator}" is not supported for "${SESSION_DURATION}": use one of ${SESSION_OPERATORS.join(", ")}.`,
      attr,
      "invalid_choice",
    );
  const raw = Array.isArray(filter.value) ? filter.value[0] : filter.value;
  const value = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
  if (typeof value !== "number" || !Number.isFinite(value))
    throw validationError(`Property filter "${SESSION_DURATION}" needs a number of seconds as its value.`, attr);
  return { operator: filter.operator as SessionOperator, value };
}

/**
 * A session filter as a condition on the event `e` (G23): its session's duration compared with the value;
 * events without a session never match. `team` is the placeholder of the project's id; `during` (a condition on
 * `timestamp`), when the query reads only such events, keeps the durations to the sessions they are in.
 */
export function sessionFilterSql(
  filter: SessionFilter,
  team: string,
  during: string | undefined,
  params: { add(value: unknown, type: string): string },
): string {
  const { operator, value } = checkSessionFilter(filter);
  const touched = during ? `SELECT prop_session_id FROM events WHERE team_id = ${team} AND ${during}` : undefined;
  return `ifNull(e.prop_session_id, '') != '' AND e.prop_session_id IN (
    SELECT sid FROM (${sessionDurationsSql(team, touched)}) WHERE duration ${COMPARE[operator]} ${params.add(value, "Float64")})`;
}

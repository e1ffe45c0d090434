import { breakdownPropertySql, groupBreakdownSql, propertyValueSql, sessionDurationsSql, type SqlParams } from "@/lib/analytics/filters";
import { hogqlBreakdownSql } from "@/lib/analytics/filters/hogql";
import type { FunnelBreakdown } from "./normalize";

/** How a funnel's events read their breakdown value. */
export interface BreakdownRead {
  /** The value as text. */
  value: string;
  /** Whether the event has one (else it counts under the "none" value). */
  has: string;
  /** A JOIN the reading needs after the persons' (session durations). */
  join: string;
  /** Whether it reads the person's properties. */
  person: boolean;
}

/**
 * The event's breakdown value: a property of the event, its person or its group (G13), an expression (G25), or its session's
 * duration in seconds (G24; events without a session have none). `during` keeps the durations to the sessions of
 * the events the funnel reads.
 */
export function breakdownRead(breakdown: FunnelBreakdown, team: string, during: string, params: SqlParams): BreakdownRead {
  if (breakdown.type === "hogql") {
    const { sql, person } = hogqlBreakdownSql(breakdown.key);
    return { value: sql, has: `${sql} != ''`, join: "", person };
  }
  if (breakdown.type === "session") {
    const touched = `SELECT prop_session_id FROM events WHERE team_id = ${team} AND ${during}`;
    return {
      value: "toString(sd.duration)",
      has: "sd.sid != ''",
      join: `LEFT JOIN (${sessionDurationsSql(team, touched)}) AS sd ON e.prop_session_id = sd.sid`,
      person: false,
    };
  }
  if (breakdown.type === "group") {
    const read = groupBreakdownSql(team, breakdown.groupTypeIndex!, params.add(breakdown.key, "String"), propertyValueSql);
    return { ...read, join: "", person: false };
  }
  const read = breakdownPropertySql(breakdown.type, breakdown.key, params.add(breakdown.key, "String"));
  return { ...read, join: "", person: breakdown.type === "person" };
}

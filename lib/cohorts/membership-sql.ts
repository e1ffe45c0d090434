import { cohortMembersSql } from "@/lib/analytics/filters/cohorts";
import { personIdJoin, personIdOf } from "@/lib/analytics/filters/persons";
import { propertyFilterSql, type SqlParams } from "@/lib/analytics/filters/properties";
import { isCriteriaGroup, type BehavioralCriterion, type CriteriaGroup, type Criterion } from "./criteria";

/**
 * The persons a dynamic cohort's criteria select (segments G5–G8), as one ClickHouse SELECT of `person_id` over the
 * project's current persons: person criteria read the current properties with the analyses' property filter SQL;
 * each behavioural criterion joins its count of the person's events (all its distinct ids, after merges) in the
 * window ending at `now`, the moment of calculation; cohort criteria read the other cohort's current members.
 */

const SUBTRACT: Record<BehavioralCriterion["time_interval"], string> = {
  day: "subtractDays",
  week: "subtractWeeks",
  month: "subtractMonths",
  year: "subtractYears",
};
const COMPARE: Record<BehavioralCriterion["operator"], string> = { gte: ">=", lte: "<=", gt: ">", lt: "<", eq: "=" };

/** `team` and `now` are placeholders (`{team:Int64}`, a DateTime64(6, 'UTC')). */
export function membershipSql(criteria: CriteriaGroup, team: string, now: string, params: SqlParams): string {
  const joins: string[] = [];
  const condition = (c: Criterion): string => {
    switch (c.type) {
      case "person":
        return propertyFilterSql(c, { event: "pp.properties", person: "pp.properties" }, params);
      case "cohort": {
        const member = `pp.id IN (${cohortMembersSql(team, params.add(c.value, "Int64"))})`;
        return c.negation ? `NOT (${member})` : member;
      }
      case "behavioral": {
        const alias = `b${joins.length}`;
        const from = `${SUBTRACT[c.time_interval]}(${now}, ${params.add(c.time_value, "Int64")})`;
        joins.push(`LEFT JOIN (
          SELECT ${personIdOf(true)} AS person, count() AS c FROM events AS e ${personIdJoin(team)}
          WHERE e.team_id = ${team} AND e.event = ${params.add(c.key, "String")} AND e.timestamp > ${from} AND e.timestamp < ${now}
          GROUP BY person
        ) AS ${alias} ON ${alias}.person = pp.id`);
        // Persons without events in the window have no row: their count is 0.
        const compared = `ifNull(${alias}.c, 0) ${COMPARE[c.operator]} ${params.add(c.operator_value, "UInt64")}`;
        return c.negation ? `NOT (${compared})` : compared;
      }
    }
  };
  const group = (g: CriteriaGroup): string =>
    `(${g.values.map((v) => `(${isCriteriaGroup(v) ? group(v) : condition(v)})`).join(g.type === "OR" ? " OR " : " AND ")})`;
  const where = group(criteria);
  return `SELECT pp.id AS person_id FROM (
      SELECT id, argMax(properties, version) AS properties FROM person WHERE team_id = ${team}
      GROUP BY id HAVING argMax(is_deleted, version) = 0
    ) AS pp ${joins.join(" ")}
    WHERE ${where}`;
}

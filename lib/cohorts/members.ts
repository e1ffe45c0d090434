import { cohortMembersSql } from "@/lib/analytics/filters/cohorts";
import { SqlParams } from "@/lib/analytics/filters/properties";
import { validationError } from "@/lib/api/errors";
import { getEventStore } from "@/lib/events/store/open";
import { projectCohorts } from "./references";

/**
 * A cohort's member sets in the event store (clickhouse/migrations/0007): a calculation writes a whole set under
 * a new version, then records it; readers take the latest recorded one (`cohortMembersSql`).
 */

const INSERT_BATCH = 10_000;

/** Records `version` as the cohort's member set once its rows are written; older sets but the previous go. */
async function record(teamId: number, cohortId: number, version: number): Promise<number> {
  const store = await getEventStore();
  const keys = { team: teamId, cohort: cohortId, version };
  const [row] = await store.query<{ n: string }>(
    "SELECT uniqExact(person_id) AS n FROM cohort_people WHERE team_id = {team:Int64} AND cohort_id = {cohort:Int64} AND version = {version:UInt64}",
    keys,
  );
  const count = Number(row?.n ?? 0);
  await store.insert("cohort_calculations", [{ team_id: teamId, cohort_id: cohortId, version, member_count: count }]);
  // The set before this one stays: a query that started before this record may still be reading it.
  const [previous] = await store.query<{ v: string }>(
    "SELECT toString(max(version)) AS v FROM cohort_people WHERE team_id = {team:Int64} AND cohort_id = {cohort:Int64} AND version < {version:UInt64}",
    keys,
  );
  if (previous && Number(previous.v) > 0)
    await store.command(
      "DELETE FROM cohort_people WHERE team_id = {team:Int64} AND cohort_id = {cohort:Int64} AND version < {previous:UInt64}",
      { ...keys, previous: previous.v },
    );
  return count;
}

/** Writes the persons `selectSql` selects (a `person_id` column) as the cohort's members; answers their count. */
export async function writeMembersFromSql(
  teamId: number,
  cohortId: number,
  version: number,
  selectSql: string,
  params: SqlParams,
): Promise<number> {
  const store = await getEventStore();
  const keys = { ...params.values, __team: teamId, __cohort: cohortId, __version: version };
  await store.command(
    `INSERT INTO cohort_people (team_id, cohort_id, version, person_id)
     SELECT {__team:Int64}, {__cohort:Int64}, {__version:UInt64}, person_id FROM (${selectSql})`,
    keys,
  );
  return record(teamId, cohortId, version);
}

/** Writes the listed persons as the cohort's members; answers their count. */
export async function writeMembers(teamId: number, cohortId: number, version: number, personIds: readonly string[]): Promise<number> {
  const store = await getEventStore();
  const unique = [...new Set(personIds)];
  for (let i = 0; i < unique.length; i += INSERT_BATCH)
    await store.insert(
      "cohort_people",
      unique.slice(i, i + INSERT_BATCH).map((person_id) => ({ team_id: teamId, cohort_id: cohortId, version, person_id })),
    );
  return record(teamId, cohortId, version);
}

/** The current members' ids, ordered (at most `limit` from `offset`), and how many there are. */
export async function memberIds(
  teamId: number,
  cohortId: number,
  paging: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const store = await getEventStore();
  const params = new SqlParams();
  const members = cohortMembersSql(params.add(teamId, "Int64"), params.add(cohortId, "Int64"));
  const [count] = await store.query<{ total: string }>(`SELECT uniqExact(person_id) AS total FROM (${members})`, params.values);
  const rows = await store.query<{ person: string }>(
    `SELECT DISTINCT toString(person_id) AS person FROM (${members}) ORDER BY person LIMIT ${params.add(paging.limit, "UInt64")} OFFSET ${params.add(paging.offset, "UInt64")}`,
    params.values,
  );
  return { ids: rows.map((r) => r.person), total: Number(count?.total ?? 0) };
}

/** Members a persons list may filter by, per cohort: past this the filter is a 400, not a huge query. */
const MAX_FILTER_MEMBERS = 100_000;

/** Each named cohort's current members (the project's cohorts only: checked first), for filters outside ClickHouse. */
export async function currentMembers(teamId: number, cohortIds: number[]): Promise<Map<number, string[]>> {
  const members = new Map<number, string[]>();
  if (cohortIds.length === 0) return members;
  const known = await projectCohorts(teamId, cohortIds);
  for (const id of cohortIds) {
    if (!known.has(id)) throw validationError(`Cohort ${id} does not exist in this project.`, "properties", "invalid_cohort");
    const { ids, total } = await memberIds(teamId, id, { limit: MAX_FILTER_MEMBERS, offset: 0 });
    if (total > MAX_FILTER_MEMBERS)
      throw validationError(
        `Persons can be filtered by cohorts of at most ${MAX_FILTER_MEMBERS.toLocaleString("en-US")} members.`,
        "properties",
        "max_value",
      );
    members.set(id, ids);
  }
  return members;
}

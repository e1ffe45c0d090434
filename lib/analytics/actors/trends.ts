import { fromZodError, validationError } from "@/lib/api/errors";
import {
  PERSON_ID,
  PERSON_PROPERTIES,
  SqlParams,
  personIdJoin,
  personPropertiesJoin,
  propertyGroupSql,
  propertyValueSql,
  testAccountFilters,
  usesPersonProperties,
  validateProperties,
  type PropertyGroup,
} from "@/lib/analytics/filters";
import { NULL_BREAKDOWN } from "@/lib/analytics/trends/query";
import { ZTrendFilter, resolveSeries } from "@/lib/analytics/trends/schemas";
import { getEventStore } from "@/lib/events/store";

/** Maths whose data point is not "persons with a matching event in the point's interval". */
const UNSUPPORTED_MATHS = new Set(["weekly_active", "monthly_active"]);

function instant(value: unknown, attr: string): Date {
  const d = typeof value === "string" ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) throw validationError(`${attr} must be an ISO date-time.`, attr);
  return d;
}

/**
 * The persons behind a trend data point (the `persons_urls` of trends): each person (S1, merged) with an event
 * of the series in [date_from, date_to) matching the global, test-account and series filters and, with a
 * breakdown, the breakdown value. Ordered by person id.
 */
export async function trendActorIds(
  project: { id: number },
  raw: Record<string, unknown>,
  paging: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const parsed = ZTrendFilter.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  const filter = parsed.data;
  const series = resolveSeries(filter);
  const order = raw.entity_order === undefined || raw.entity_order === null ? null : Number(raw.entity_order);
  const entityId = raw.entity_id === undefined || raw.entity_id === "" ? undefined : String(raw.entity_id);
  if (raw.entity_type !== undefined && raw.entity_type !== "events")
    throw validationError(`Entity type "${raw.entity_type}" is not supported.`, "entity_type", "unsupported");
  const chosen =
    series.find((s) => (order === null || (s.entity.order ?? s.index) === order) && (entityId === undefined || (s.event ?? "null") === entityId)) ??
    series.find((s) => entityId !== undefined && s.event === entityId);
  if (!chosen) throw validationError("The entity is not one of the filter's series.", "entity_id");
  const math = (raw.entity_math as string | undefined) || chosen.math;
  if (UNSUPPORTED_MATHS.has(math))
    throw validationError(`Listing the persons of math "${math}" is not supported.`, "entity_math", "unsupported");
  const from = instant(raw.date_from, "date_from");
  const to = instant(raw.date_to, "date_to");
  validateProperties(filter.properties);
  validateProperties(chosen.entity.properties, "events");

  const global: PropertyGroup = filter.filter_test_accounts
    ? { type: "AND", values: [filter.properties, testAccountFilters(project)] }
    : filter.properties;
  const params = new SqlParams();
  const team = params.add(project.id, "Int64");
  const columns = { event: "e.properties", person: PERSON_PROPERTIES };
  const where = [
    `e.team_id = ${team}`,
    `e.timestamp >= fromUnixTimestamp64Micro(${params.add(from.getTime() * 1000, "Int64")}, 'UTC')`,
    `e.timestamp < fromUnixTimestamp64Micro(${params.add(to.getTime() * 1000, "Int64")}, 'UTC')`,
  ];
  if (chosen.event !== null) where.push(`e.event = ${params.add(chosen.event, "String")}`);
  for (const group of [global, chosen.entity.properties]) {
    const sql = propertyGroupSql(group, columns, params);
    if (sql !== "1") where.push(sql);
  }
  const breakdown = typeof filter.breakdown === "string" && filter.breakdown !== "" ? filter.breakdown : null;
  const breakdownType = filter.breakdown_type ?? "event";
  if (breakdown !== null && breakdownType !== "event" && breakdownType !== "person")
    throw validationError(`Breakdown type "${breakdownType}" is not supported.`, "breakdown_type", "unsupported");
  if (breakdown !== null && raw.breakdown_value !== undefined && raw.breakdown_value !== null) {
    const column = breakdownType === "person" ? PERSON_PROPERTIES : "e.properties";
    const key = params.add(breakdown, "String");
    where.push(
      `if(JSONHas(${column}, ${key}) AND JSONType(${column}, ${key}) != 'Null', ${propertyValueSql(column, key)}, ${params.add(NULL_BREAKDOWN, "String")}) = ${params.add(String(raw.breakdown_value), "String")}`,
    );
  }
  const personProps =
    usesPersonProperties(global) || usesPersonProperties(chosen.entity.properties) || (breakdown !== null && breakdownType === "person");
  const chosenSql = `SELECT DISTINCT toString(${PERSON_ID}) AS person FROM events AS e ${personIdJoin(team)} ${personProps ? personPropertiesJoin(team) : ""}
    WHERE ${where.join(" AND ")}`;
  const store = await getEventStore();
  const [count] = await store.query<{ total: string }>(`SELECT count() AS total FROM (${chosenSql})`, params.values);
  const rows = await store.query<{ person: string }>(
    `SELECT person FROM (${chosenSql}) ORDER BY person LIMIT ${params.add(paging.limit, "UInt64")} OFFSET ${params.add(paging.offset, "UInt64")}`,
    params.values,
  );
  return { ids: rows.map((r) => r.person), total: Number(count?.total ?? 0) };
}

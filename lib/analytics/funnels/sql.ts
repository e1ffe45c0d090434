/**
 * ClickHouse SQL of a funnel (S11–S19 of docs/analytics.md). One pass over the events of the range:
 * per person, the sorted timestamps of each step (and each exclusion), from which all its attempts, its furthest
 * step and its conversion times are computed with array functions in the same row (no second grouping by
 * person); then per breakdown value.
 *
 * An attempt is an array of n step times in microseconds (0 = step not reached; reached steps come first).
 */
import {
  PERSON_PROPERTIES,
  personIdOf,
  personIdJoin,
  personPropertiesJoin,
  propertyGroupSql,
  entityKey,
  entityMatchSql,
  entityUsesPersonProperties,
  eventNamesOf,
  bucketSql,
  groupKeyColumn,
  SqlParams,
  usesPersonProperties,
} from "@/lib/analytics/filters";
import { breakdownRead } from "./breakdown";
import type { NormalizedFunnel } from "./normalize";

export interface FunnelSql {
  sql: string;
  params: Record<string, unknown>;
}

const UNIT_MICROS: Record<string, number> = {
  second: 1_000_000,
  minute: 60_000_000,
  hour: 3_600_000_000,
  day: 86_400_000_000,
  week: 604_800_000_000,
};

/** The end of the window (inclusive) of an attempt whose measuring step happened at `t` (µs). */
export function deadlineSql(f: NormalizedFunnel, t: string): string {
  if (f.window.unit === "month") return `toUnixTimestamp64Micro(addMonths(fromUnixTimestamp64Micro(${t}, 'UTC'), ${f.window.interval}))`;
  return `(${t} + ${f.window.interval * UNIT_MICROS[f.window.unit]})`;
}

const COLUMNS = {
  event: "e.properties",
  person: PERSON_PROPERTIES,
  team: "{team:Int64}",
  sessionsDuring:
    "timestamp >= fromUnixTimestamp64Micro({date_from:Int64}, 'UTC') AND timestamp <= fromUnixTimestamp64Micro({date_to:Int64}, 'UTC')",
};

const sameEntity = (a: NormalizedFunnel["steps"][number], b: NormalizedFunnel["steps"][number]) =>
  entityKey(a.match) === entityKey(b.match);

/**
 * The person's attempts (Array(Array(Int64)), each of length n): `attempts` is their expression over the last of
 * `links`, a chain of CTEs over the `per_person` row where each link adds its columns to the previous one's. An
 * attempt is kept as one array of times per step, all in the starts' order. A link per step keeps each step's SQL one
 * level deep (nested in one expression, the steps' repeated references grow the query tree as 2^n).
 */
interface AttemptChain {
  links: string[];
  attempts: string;
}

function attemptsSql(f: NormalizedFunnel): AttemptChain {
  const n = f.steps.length;
  const s = (i: number) => stepTimesSql(f, i);
  const columns = f.steps.map((_, i) => `o${i}`);
  if (f.orderType === "ordered") {
    // An attempt starting after the person's last step-1 event reaches step 1 only, as the first attempt does at
    // least: besides the first, such attempts change no count or time (S12, S16), unless exclusions or the
    // per-day entrances of funnel trends (S19) make each attempt matter.
    // The last step-1 time is a column of its own: a lambda that read it off the array would copy the array per call.
    const starts =
      n > 1 && !f.exclusions.length && f.vizType !== "trends"
        ? `${s(1)}[-1] AS last_s1, arrayFilter((t, i) -> i = 1 OR t <= last_s1, ${s(0)}, arrayEnumerate(${s(0)}))`
        : s(0);
    const links = [`${starts} AS o0s`];
    for (let i = 1; i < n; i++) {
      const strictlyAfter = sameEntity(f.steps[i - 1], f.steps[i]);
      const deadline = deadlineSql(f, "start");
      // A person's tens of times are faster scanned once per attempt; a group's thousands are sorted once per step.
      if (f.aggregationGroupTypeIndex === null)
        links.push(
          `arrayMap((prev, start) -> if(prev = 0, toInt64(0), arrayFirst(x -> x ${strictlyAfter ? ">" : ">="} prev AND x <= ${deadline}, ${s(i)})), o${i - 1}s, o0s) AS o${i}s`,
        );
      // r_i: the next step-i time after r_(i-1), never before it, so the attempt reached step i in its window
      // exactly when r_i is within it.
      else
        links.push(
          `${nextTimesOfSortedSql(i === 1 ? "o0s" : `r${i - 1}`, s(i), strictlyAfter, `r${i}`)}, arrayMap((t, start) -> if(t > ${deadline}, toInt64(0), t), r${i}, o0s) AS o${i}s`,
        );
    }
    return { links, attempts: `arrayMap((${columns.join(", ")}) -> [${columns.join(", ")}], ${columns.map((c) => `${c}s`).join(", ")})` };
  }
  if (f.orderType === "strict") {
    // Step attribution: the attempts read `m_att` (see strictStepMasksSql). The timeline shifted left by i puts the
    // event i places later beside each event.
    const masks = stepAttribution(f) === null ? "m_all" : "m_att";
    const params = ["t0", "k0"];
    const args = ["ts_all", masks];
    const items = ["t0"];
    const conds: string[] = [];
    for (let i = 1; i < n; i++) {
      params.push(`t${i}`, `k${i}`);
      args.push(`arrayShiftLeft(ts_all, ${i})`, `arrayShiftLeft(${masks}, ${i})`);
      conds.push(`bitTest(k${i}, ${i}) AND t${i} <= ${deadlineSql(f, "t0")}`);
      items.push(`if(${conds.map((c) => `(${c})`).join(" AND ")}, t${i}, toInt64(0))`);
    }
    return {
      links: [],
      attempts: `arrayFilter((p, k) -> bitTest(k, 0), arrayMap((${params.join(", ")}) -> [${items.join(", ")}], ${args.join(", ")}), ${masks})`,
    };
  }
  // unordered: an attempt starts at any event of any step; each other step counts when it has an event in
  // (t, t + window]; the reached times, sorted, are the attempt.
  // Step attribution (first step only): an attempt starts only at an event carrying the value.
  const startTimes = (i: number) => (stepAttribution(f) === null ? `s${i}` : `arrayMap(x -> x.1, arrayFilter(x -> x.2 = bd, sv${i}))`);
  const concat = (parts: string[]) => (parts.length === 1 ? parts[0] : `arrayConcat(${parts.join(", ")})`);
  const links = [
    `${concat(f.steps.map((_, i) => startTimes(i)))} AS st_t, ${concat(f.steps.map((_, i) => `arrayMap(t -> ${i}, ${startTimes(i)})`))} AS st_k`,
  ];
  for (let j = 0; j < n; j++) {
    const next = nextTimesSql("st_t", `s${j}`, true, `n${j}`);
    links.push(
      `${next}, arrayMap((t, k, x) -> if(k = ${j}, t, if(x != 0 AND x <= ${deadlineSql(f, "t")}, x, toInt64(0))), st_t, st_k, n${j}) AS o${j}s`,
    );
  }
  return {
    links,
    attempts: `arrayMap((${columns.join(", ")}) -> arrayResize(arraySort(arrayFilter(x -> x != 0, [${columns.join(", ")}])), ${n}, toInt64(0)), ${columns.map((c) => `${c}s`).join(", ")})`,
  };
}

/**
 * Columns ending with `alias`: for each of the times in the column `queries`, the first of the sorted `times` at or
 * after it (strictly after with `strictlyAfter`), 0 when none, in the order of `queries`. Both arrays are sorted
 * together once, on time × 4 + a tag that puts a query before (or after) an equal time; a lookup per query instead
 * would cost queries × times (ClickHouse copies an array a lambda captures for each element).
 */
function nextTimesSql(queries: string, times: string, strictlyAfter: boolean, alias: string): string {
  const keys = `${alias}_keys`;
  const order = `${alias}_order`;
  const nextInSortedOrder = `arrayMap(k -> if(k % 4 = 1, intDiv(k, 4), toInt64(0)), arrayReverseFill(k -> k % 4 = 1, arraySort(${keys})))`;
  return [
    `arrayConcat(arrayMap(x -> x * 4 + 1, ${times}), arrayMap(x -> x * 4 + ${strictlyAfter ? 2 : 0}, ${queries})) AS ${keys}`,
    `arraySort((j, k) -> k, arrayEnumerate(${keys}), ${keys}) AS ${order}`,
    `arraySlice(arraySort((x, j) -> j, ${nextInSortedOrder}, ${order}), length(${times}) + 1) AS ${alias}`,
  ].join(", ");
}

/** Later than any time: the next time of a query with none after it, so that the next times stay sorted. */
const NO_NEXT_TIME = "toInt64(1152921504606846976)"; // 2^60: times 4 still fits an Int64

/**
 * As nextTimesSql, for sorted `queries`: their next times are then sorted too, in the order the one sort of both
 * arrays leaves them, so a filter reads them off it (no sort back into the queries' order); none is NO_NEXT_TIME.
 */
function nextTimesOfSortedSql(queries: string, times: string, strictlyAfter: boolean, alias: string): string {
  const keys = `${alias}_keys`;
  return [
    `arraySort(arrayConcat(arrayMap(x -> x * 4 + 1, ${times}), arrayMap(x -> x * 4 + ${strictlyAfter ? 2 : 0}, ${queries}))) AS ${keys}`,
    `arrayFilter((x, k) -> k % 4 != 1, arrayMap(k -> if(k % 4 = 1, intDiv(k, 4), ${NO_NEXT_TIME}), arrayReverseFill(k -> k % 4 = 1, ${keys})), ${keys}) AS ${alias}`,
  ].join(", ");
}

/** The attributed step of `step` breakdown attribution (null for the other attributions). */
function stepAttribution(f: NormalizedFunnel): number | null {
  return f.breakdown?.attribution === "step" ? f.breakdown.step : null;
}

/**
 * `m_att`, a strict funnel's timeline masks for the value being run (`bd`) under step attribution: an event of the
 * attributed step carrying another value stays in the timeline, as an event of no step there.
 */
function strictStepMasksSql(f: NormalizedFunnel, step: number): string {
  return `arrayMap((m, v) -> if(v = bd, m, bitAnd(m, toUInt64(${2 ** f.steps.length - 1 - 2 ** step}))), m_all, v_all) AS m_att`;
}

/**
 * The sorted times (µs) of step `i`'s events in an ordered funnel: with step attribution, the attributed step keeps
 * only its events carrying the value being run (`bd`).
 */
function stepTimesSql(f: NormalizedFunnel, i: number): string {
  return stepAttribution(f) === i ? `arrayMap(x -> x.1, arrayFilter(x -> x.2 = bd, sv${i}))` : `s${i}`;
}

/** 1 when attempt `p` has an exclusion event strictly inside one of its excluded ranges (S13). */
function excludedSql(f: NormalizedFunnel): string {
  return f.exclusions
    .map((x, k) => {
      const from = `p[${x.fromStep + 1}]`;
      const to = `p[${x.toStep + 1}]`;
      return `(${from} != 0 AND arrayExists(y -> y > ${from} AND y < if(${to} != 0, ${to}, ${deadlineSql(f, from)}), x${k}))`;
    })
    .join(" OR ");
}

/**
 * The funnel's ClickHouse SQL. For the steps funnel, `fromFinal` reads its per-person `final` table (person,
 * breakdown_value, furthest step…): by default the step counts; the persons endpoints list people from it instead,
 * so the people listed are exactly the ones counted. With `attemptBounds`, `final` also has `first_ts`/`final_ts`
 * (µs), the first and last step times of the person's earliest attempt among those reaching its furthest step
 * (`final_ts` 0 unless it reached the last step): funnel correlation counts the events in between.
 */
export function buildFunnelSql(
  f: NormalizedFunnel,
  fromFinal: (params: SqlParams) => string = () => stepCounts(f),
  options: { attemptBounds?: boolean } = {},
): FunnelSql {
  const n = f.steps.length;
  const params = new SqlParams({ team: f.teamId, date_from: f.fromMicros, date_to: f.toMicros });
  const stepConds = f.steps.map((s) => entityMatchSql(s.match, COLUMNS, params));
  const exclConds = f.exclusions.map((x) => entityMatchSql(x.match, COLUMNS, params));
  const read = f.breakdown ? breakdownRead(f.breakdown, "{team:Int64}", COLUMNS.sessionsDuring, params) : null;
  const needsPersonProps =
    usesPersonProperties(f.properties) ||
    [...f.steps, ...f.exclusions].some((e) => entityUsesPersonProperties(e.match)) ||
    read?.person === true;
  const mask = stepConds.map((c, i) => `if(${c}, ${2 ** i}, 0)`).join(" + ");
  const xmask = exclConds.length ? exclConds.map((c, k) => `if(${c}, ${2 ** k}, 0)`).join(" + ") : "0";
  const firstStep = `multiIf(${stepConds.map((c, i) => `${c}, ${i}`).join(", ")}, 99)`;

  const where = [
    "e.team_id = {team:Int64}",
    "e.timestamp >= fromUnixTimestamp64Micro({date_from:Int64}, 'UTC')",
    "e.timestamp <= fromUnixTimestamp64Micro({date_to:Int64}, 'UTC')",
  ];
  // Group-aggregated: the actor is the event's group key; events without one are no one's (G12).
  const actor = f.aggregationGroupTypeIndex === null ? personIdOf(f.personOverrides) : groupKeyColumn(f.aggregationGroupTypeIndex);
  if (f.aggregationGroupTypeIndex !== null) where.push(`${actor} != ''`);
  const globalProps = propertyGroupSql(f.properties, COLUMNS, params);
  if (globalProps !== "1") where.push(globalProps);
  if (f.orderType !== "strict") {
    // Only events some step or exclusion could match.
    const names = eventNamesOf([...f.steps, ...f.exclusions].map((e) => e.match));
    if (names) where.push(`e.event IN ${params.add(names, "Array(String)")}`);
  }

  const breakdownCol = read?.value ?? "''";
  const bdHas = read?.has ?? "0";

  const stepArrays: string[] = f.steps.map((_, i) => `arraySort(groupArrayIf(ts, bitTest(mask, ${i}))) AS s${i}`);
  const exclArrays = f.exclusions.map((_, k) => `arraySort(groupArrayIf(ts, bitTest(xmask, ${k}))) AS x${k}`);
  const strictArrays: string[] =
    f.orderType === "strict"
      ? [
          "arraySort(groupArray((ts, fs, mask, bdv))) AS timeline",
          "arrayMap(x -> x.1, timeline) AS ts_all",
          "arrayMap(x -> x.3, timeline) AS m_all",
        ]
      : [];
  // The person's breakdown value(s) (see BreakdownAttribution): all_events groups its events by value, step
  // attribution runs it once per value of its attributed step's events (`bds`, array-joined into `bd`).
  const attributed = stepAttribution(f);
  let personBreakdown = "'' AS bd";
  let groupBy = "person";
  let perValue = "";
  if (f.breakdown?.attribution === "last_touch") personBreakdown = "argMaxIf(bd_value, ts, mask != 0 AND bd_has) AS bd";
  else if (f.breakdown?.attribution === "first_touch") personBreakdown = "argMinIf(bd_value, ts, mask != 0 AND bd_has) AS bd";
  else if (f.breakdown?.attribution === "all_events") {
    personBreakdown = "bdv AS bd";
    groupBy = "person, bdv";
  } else if (attributed !== null) {
    const attributedIf = f.orderType === "unordered" ? "mask != 0" : `bitTest(mask, ${attributed})`;
    personBreakdown = `groupUniqArrayIf(bdv, ${attributedIf}) AS bds`;
    perValue = "ARRAY JOIN bds AS bd";
    if (f.orderType === "strict") strictArrays.push("arrayMap(x -> x.4, timeline) AS v_all");
    else if (f.orderType === "unordered")
      stepArrays.push(...f.steps.map((_, i) => `arraySort(groupArrayIf((ts, bdv), bitTest(mask, ${i}))) AS sv${i}`));
    else stepArrays.push(`arraySort(groupArrayIf((ts, bdv), bitTest(mask, ${attributed}))) AS sv${attributed}`);
  }

  // The step times of the attempts reaching the person's furthest step, one flat array per step (q_i), and the
  // conversion times between steps: flat arrays cost a fraction of maps over the attempts' nested ones.
  const diffs = f.steps.map((_, i) => `arrayFilter((t, c) -> c = furthest, a${i}, cnts) AS q${i}`);
  for (let i = 1; i < n; i++) diffs.push(`arrayMap((from, to) -> (to - from) / 1000000, q${i - 1}, q${i}) AS d${i}`);
  const perStepStats = [];
  for (let i = 1; i < n; i++)
    perStepStats.push(`arrayAvg(d${i}) AS mean${i}`, `arrayReduce('quantileExactInclusive(0.5)', d${i}) AS med${i}`);
  // The person's earliest attempt among those reaching its furthest step.
  const bounds = options.attemptBounds
    ? [`arraySort(p -> (p[1], p[${n}]), qual)[1] AS bounding`, "bounding[1] AS first_ts", `bounding[${n}] AS final_ts`]
    : [];

  const chain = attemptsSql(f);
  // a_i: each attempt's step-i time (0 when not reached). An ordered funnel's chain has them as columns, unless
  // exclusions drop attempts.
  const columns = f.steps.map((_, i) => `t${i}`);
  const stepColumns = f.steps.map((_, i) =>
    f.orderType === "ordered" && !f.exclusions.length ? `o${i}s AS a${i}` : `arrayMap(p -> p[${i + 1}], ps) AS a${i}`,
  );
  const links = chain.links.map((_, i) => `attempt_link${i}`);
  const chainCtes = chain.links
    .map((columns, i) => {
      const from = i === 0 ? `per_person ${perValue}` : links[i - 1];
      // SELECT * leaves out an ARRAY JOIN's column.
      return `${links[i]} AS (\n  SELECT *${i === 0 && perValue ? ", bd" : ""}, ${columns}\n  FROM ${from}\n),\n`;
    })
    .join("");
  const chainSource = links.length ? links[links.length - 1] : `per_person ${perValue}`;

  const sql = `
WITH ev AS (
  SELECT ${actor} AS person,
         toUnixTimestamp64Micro(e.timestamp) AS ts,
         toUInt64(${mask}) AS mask,
         toUInt64(${xmask}) AS xmask,
         ${f.orderType === "strict" ? `${firstStep} AS fs,` : ""}
         ${breakdownCol} AS bd_value,
         ${bdHas} AS bd_has,
         if(bd_has, bd_value, '') AS bdv
  FROM events AS e ${personIdJoin("{team:Int64}", f.personOverrides)} ${needsPersonProps ? personPropertiesJoin("{team:Int64}", f.personOverrides) : ""} ${read?.join ?? ""}
  WHERE ${where.join(" AND ")}
),
per_person AS (
  SELECT person, ${[...stepArrays, ...exclArrays, ...strictArrays, personBreakdown].join(", ")}
  FROM ev GROUP BY ${groupBy} HAVING countIf(bitTest(mask, 0)) > 0 ${f.orderType === "unordered" ? "OR countIf(mask != 0) > 0" : ""}
),
${chainCtes}attempts AS (
  SELECT person, bd, ${f.orderType === "strict" && attributed !== null ? `${strictStepMasksSql(f, attributed)}, ` : ""}${f.exclusions.length ? `arrayFilter(p -> NOT (${excludedSql(f)}), ${chain.attempts})` : chain.attempts} AS ps,
         ${stepColumns.join(", ")},
         arrayMap((${columns.join(", ")}) -> toUInt64(${columns.map((c) => `(${c} != 0)`).join(" + ")}), ${stepColumns.map((_, i) => `a${i}`).join(", ")}) AS cnts
  FROM ${chainSource}
),
${
  f.vizType === "trends"
    ? trendsTail(f, params)
    : `persons AS (
  SELECT person, bd, arrayMax(cnts) AS furthest, arrayFilter((p, c) -> c = furthest, ps, cnts) AS qual
         ${[...bounds, ...diffs, ...perStepStats].map((c) => `, ${c}`).join("")}
  FROM attempts
),
${
  f.vizType === "time_to_convert"
    ? timeToConvertTail(f)
    : `final AS (SELECT *, bd AS breakdown_value FROM persons WHERE furthest > 0)
${fromFinal(params)}`
}`
}`;
  return { sql, params: params.values };
}

/** The steps funnel's answer from its per-person `final` table: counts and conversion times per breakdown value. */
function stepCounts(f: NormalizedFunnel): string {
  return `SELECT breakdown_value,
       [${f.steps.map((_, i) => `countIf(furthest >= ${i + 1})`).join(", ")}] AS counts,
       [${f.steps.map((_, i) => (i === 0 ? "nan" : `avgIf(mean${i}, furthest >= ${i + 1})`)).join(", ")}] AS avgs,
       [${f.steps.map((_, i) => (i === 0 ? "nan" : `quantileExactInclusiveIf(0.5)(med${i}, furthest >= ${i + 1})`)).join(", ")}] AS meds
FROM final
GROUP BY breakdown_value
ORDER BY counts[1] DESC, breakdown_value ASC`;
}

/**
 * S19: per entrance period (the interval of the attempt's first event: hour, day, week or month), each person
 * once with its furthest step in that period.
 */
function trendsTail(f: NormalizedFunnel, params: SqlParams): string {
  const period = bucketSql("fromUnixTimestamp64Micro(p[1], 'UTC')", f.interval, params.add(f.timezone, "String"));
  return `per_day AS (
  SELECT person, bd, day, arrayMax(arrayFilter((c, d) -> d = day, cnts, days)) AS furthest
  FROM (SELECT person, bd, cnts, arrayMap(p -> ${period}, ps) AS days FROM attempts)
  ARRAY JOIN arrayDistinct(days) AS day
)
SELECT bd AS breakdown_value, day,
       countIf(furthest >= ${f.fromStep + 1}) AS reached_from,
       countIf(furthest >= ${f.toStep + 1}) AS reached_to
FROM per_day GROUP BY breakdown_value, day ORDER BY breakdown_value, day`;
}

/**
 * `time_to_convert`: each person reaching `funnel_to_step`, with the sum of its mean conversion times (S16)
 * of the steps after `funnel_from_step` up to `funnel_to_step` (PostHog's step_runs).
 */
function timeToConvertTail(f: NormalizedFunnel): string {
  const sum = [];
  for (let i = f.fromStep + 1; i <= f.toStep; i++) sum.push(`mean${i}`);
  return `SELECT groupArray(toFloat64(${sum.join(" + ")})) AS times FROM persons WHERE furthest >= ${f.toStep + 1}`;
}

/**
 * The functions HogQL may call: common scalar and aggregate functions, each with its arity. Anything else (table
 * functions such as `file`, `url`, `remote`; functions reading the server's state; dictionaries) is refused, so a
 * query can reach nothing but the rows the compiler gives it.
 */

export interface FunctionSpec {
  /** The ClickHouse name. */
  name: string;
  min: number;
  max: number;
  aggregate?: true;
}

const scalar = (name: string, min: number, max = min): FunctionSpec => ({ name, min, max });
const aggregate = (name: string, min: number, max = min): FunctionSpec => ({ name, min, max, aggregate: true });

const SPECS: FunctionSpec[] = [
  // Aggregates
  aggregate("count", 0, 1),
  aggregate("countIf", 1, 2),
  aggregate("uniq", 1, 4),
  aggregate("uniqExact", 1, 4),
  aggregate("uniqIf", 2),
  aggregate("sum", 1),
  aggregate("sumIf", 2),
  aggregate("avg", 1),
  aggregate("avgIf", 2),
  aggregate("min", 1),
  aggregate("minIf", 2),
  aggregate("max", 1),
  aggregate("maxIf", 2),
  aggregate("any", 1),
  aggregate("anyLast", 1),
  aggregate("argMin", 2),
  aggregate("argMax", 2),
  aggregate("median", 1),
  aggregate("groupArray", 1),
  aggregate("groupUniqArray", 1),
  // Dates and times
  scalar("now", 0),
  scalar("today", 0),
  scalar("yesterday", 0),
  scalar("toDate", 1, 2),
  scalar("toDateTime", 1, 2),
  scalar("toTimeZone", 2),
  scalar("toStartOfMinute", 1),
  scalar("toStartOfFiveMinutes", 1),
  scalar("toStartOfFifteenMinutes", 1),
  scalar("toStartOfHour", 1),
  scalar("toStartOfDay", 1),
  scalar("toStartOfWeek", 1, 2),
  scalar("toMonday", 1),
  scalar("toStartOfMonth", 1),
  scalar("toStartOfQuarter", 1),
  scalar("toStartOfYear", 1),
  scalar("toYear", 1),
  scalar("toQuarter", 1),
  scalar("toMonth", 1),
  scalar("toDayOfMonth", 1),
  scalar("toDayOfWeek", 1, 2),
  scalar("toHour", 1),
  scalar("toMinute", 1),
  scalar("toUnixTimestamp", 1),
  scalar("dateDiff", 3),
  scalar("dateAdd", 3),
  scalar("dateSub", 3),
  scalar("dateTrunc", 2),
  scalar("formatDateTime", 2),
  scalar("addSeconds", 2),
  scalar("addMinutes", 2),
  scalar("addHours", 2),
  scalar("addDays", 2),
  scalar("addWeeks", 2),
  scalar("addMonths", 2),
  scalar("subtractSeconds", 2),
  scalar("subtractMinutes", 2),
  scalar("subtractHours", 2),
  scalar("subtractDays", 2),
  scalar("subtractWeeks", 2),
  scalar("subtractMonths", 2),
  scalar("toIntervalSecond", 1),
  scalar("toIntervalMinute", 1),
  scalar("toIntervalHour", 1),
  scalar("toIntervalDay", 1),
  scalar("toIntervalWeek", 1),
  scalar("toIntervalMonth", 1),
  // Strings
  scalar("lower", 1),
  scalar("upper", 1),
  scalar("length", 1),
  scalar("concat", 1, 100),
  scalar("substring", 2, 3),
  scalar("trim", 1),
  scalar("trimLeft", 1),
  scalar("trimRight", 1),
  scalar("replaceAll", 3),
  scalar("replaceOne", 3),
  scalar("replaceRegexpAll", 3),
  scalar("replaceRegexpOne", 3),
  scalar("position", 2),
  scalar("positionCaseInsensitive", 2),
  scalar("startsWith", 2),
  scalar("endsWith", 2),
  scalar("match", 2),
  scalar("extract", 2),
  scalar("splitByChar", 2),
  scalar("splitByString", 2),
  scalar("domain", 1),
  scalar("path", 1),
  scalar("empty", 1),
  scalar("notEmpty", 1),
  scalar("toString", 1),
  // Numbers and conversions
  { name: "toInt64OrNull", min: 1, max: 1 },
  scalar("toFloat64OrNull", 1),
  scalar("toInt64", 1),
  scalar("toFloat64", 1),
  scalar("round", 1, 2),
  scalar("floor", 1, 2),
  scalar("ceil", 1, 2),
  scalar("abs", 1),
  scalar("greatest", 2, 100),
  scalar("least", 2, 100),
  scalar("intDiv", 2),
  // Conditionals and nulls
  scalar("if", 3),
  scalar("multiIf", 3, 201),
  scalar("coalesce", 1, 100),
  scalar("ifNull", 2),
  scalar("nullIf", 2),
  scalar("isNull", 1),
  scalar("isNotNull", 1),
  scalar("assumeNotNull", 1),
  // Arrays
  scalar("has", 2),
  scalar("arrayElement", 2),
  scalar("tuple", 1, 100),
];

const BY_NAME = new Map(SPECS.map((spec) => [spec.name.toLowerCase(), spec]));

/** HogQL's friendlier names for conversions (PostHog's `toInt`, `toFloat`: null when the text is not a number). */
BY_NAME.set("toint", { name: "toInt64OrNull", min: 1, max: 1 });
BY_NAME.set("tofloat", { name: "toFloat64OrNull", min: 1, max: 1 });

/** The allowed function of this name (any case), or null. */
export function allowedFunction(name: string): FunctionSpec | null {
  return BY_NAME.get(name.toLowerCase()) ?? null;
}

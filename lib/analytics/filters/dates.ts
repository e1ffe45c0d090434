import { MAX_INTERVALS } from "@/lib/analytics/limits";
import { validationError } from "@/lib/api/errors";

/**
 * Date ranges and intervals of analyses, in the project's timezone (PostHog's `relative_date_parse` and
 * DateMixin). Calendar arithmetic is done on "wall clock" times: a `Date` whose UTC fields are the local
 * time in the project's timezone; `toInstant`/`toWall` convert between the two.
 */

export const INTERVALS = ["hour", "day", "week", "month"] as const;
export type Interval = (typeof INTERVALS)[number];

/** PostHog's 400 for an unknown interval. */
export function parseInterval(value: unknown): Interval {
  if (value === undefined || value === null || value === "") return "day";
  if (typeof value === "string" && (INTERVALS as readonly string[]).includes(value.toLowerCase())) return value.toLowerCase() as Interval;
  throw validationError(`Interval "${String(value)}" is not supported. Supported intervals: ${INTERVALS.join(", ")}.`, "interval");
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The local wall-clock time (as a UTC-fielded Date) of `instant` in `tz`. */
export function toWall(instant: Date, tz: string): Date {
  if (tz === "UTC") return new Date(instant.getTime());
  const parts = Object.fromEntries(
    formatter(tz)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return new Date(
    Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour % 24, +parts.minute, +parts.second, instant.getUTCMilliseconds()),
  );
}

/** The instant at which the wall clock in `tz` shows `wall` (first match across DST changes). */
export function toInstant(wall: Date, tz: string): Date {
  if (tz === "UTC") return new Date(wall.getTime());
  let guess = wall.getTime();
  for (let i = 0; i < 3; i++) {
    const offset = toWall(new Date(guess), tz).getTime() - guess;
    const next = wall.getTime() - offset;
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

/** Start of the interval containing wall time `w` (weeks start on Sunday, S4). */
export function truncateWall(w: Date, interval: Interval): Date {
  const y = w.getUTCFullYear();
  const m = w.getUTCMonth();
  const d = w.getUTCDate();
  switch (interval) {
    case "hour":
      return new Date(Date.UTC(y, m, d, w.getUTCHours()));
    case "day":
      return new Date(Date.UTC(y, m, d));
    case "week":
      return new Date(Date.UTC(y, m, d - w.getUTCDay()));
    case "month":
      return new Date(Date.UTC(y, m, 1));
  }
}

export function addInterval(w: Date, interval: Interval, n = 1): Date {
  const r = new Date(w.getTime());
  switch (interval) {
    case "hour":
      r.setUTCHours(r.getUTCHours() + n);
      break;
    case "day":
      r.setUTCDate(r.getUTCDate() + n);
      break;
    case "week":
      r.setUTCDate(r.getUTCDate() + 7 * n);
      break;
    case "month":
      r.setUTCMonth(r.getUTCMonth() + n);
      break;
  }
  return r;
}

const RELATIVE = /^-?(?<number>\d+)?(?<kind>[hdwmqyMs])(?<position>Start|End)?$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

export interface ParsedDate {
  /** Wall-clock time in the project's timezone. */
  wall: Date;
  /** The input named a calendar day without a time (absolute date, or relative in days or larger units). */
  dateOnly: boolean;
  relative: boolean;
}

/** The years ClickHouse's DateTime64 holds: past them it would clamp the bound silently. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2299;

/**
 * One `date_from`/`date_to` value: an ISO date or datetime (naive = project timezone), or a relative date
 * (`-7d`, `-24h`, `-1m`, `-30M`, `mStart`, `yStart`, `dStart`, `hStart`, `dEnd`, `mEnd`, `-2w`, `-1q`, `-1y`, `today`).
 * Returns null for an unparsable value, or one outside the years events can have (`-99999999999d` is not even a
 * date): the caller answers 400.
 */
export function parseDate(value: string, tz: string, now: Date): ParsedDate | null {
  const parsed = parseAnyDate(value, tz, now);
  const year = parsed?.wall.getUTCFullYear() ?? NaN;
  return year >= FIRST_YEAR && year <= LAST_YEAR ? parsed : null;
}

function parseAnyDate(value: string, tz: string, now: Date): ParsedDate | null {
  // PostHog reads "today" as now: the day itself, as "-0d" is.
  const trimmed = value.trim().toLowerCase() === "today" ? "0d" : value.trim();
  if (DATE_ONLY.test(trimmed)) {
    const [y, m, d] = trimmed.split("-").map(Number);
    const wall = new Date(Date.UTC(y, m - 1, d));
    if (wall.getUTCMonth() !== m - 1 || wall.getUTCDate() !== d) return null;
    return { wall, dateOnly: true, relative: false };
  }
  const dt = DATETIME.exec(trimmed);
  if (dt) {
    const [, y, mo, d, h, mi, s, frac, zone] = dt;
    const ms = frac ? Math.floor(Number(frac.padEnd(6, "0")) / 1000) : 0;
    const wallish = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, s ? +s : 0, ms));
    if (Number.isNaN(wallish.getTime()) || wallish.getUTCDate() !== +d || +h > 23 || +mi > 59) return null;
    if (!zone) return { wall: wallish, dateOnly: false, relative: false };
    let offsetMinutes = 0;
    if (zone !== "Z") {
      const sign = zone[0] === "-" ? -1 : 1;
      const digits = zone.slice(1).replace(":", "");
      offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
    }
    const instant = new Date(wallish.getTime() - offsetMinutes * 60_000);
    return { wall: toWall(instant, tz), dateOnly: false, relative: false };
  }
  const rel = RELATIVE.exec(trimmed);
  if (!rel?.groups) return null;
  const { number, kind, position } = rel.groups;
  const n = number ? Number(number) : 0;
  let w = toWall(now, tz);
  let dateOnly = true;
  switch (kind) {
    case "s":
      w = new Date(w.getTime() - n * 1000);
      dateOnly = false;
      break;
    case "M":
      w = new Date(w.getTime() - n * 60_000);
      dateOnly = false;
      break;
    case "h":
      w = new Date(w.getTime() - n * 3_600_000);
      dateOnly = false;
      if (position === "Start") w = truncateWall(w, "hour");
      if (position === "End") w = new Date(truncateWall(w, "hour").getTime() + 3_600_000 - 1);
      break;
    case "d":
      w.setUTCDate(w.getUTCDate() - n);
      break;
    case "w":
      w.setUTCDate(w.getUTCDate() - 7 * n);
      break;
    case "q":
      w.setUTCDate(w.getUTCDate() - 13 * 7 * n);
      break;
    case "m":
      w = subtractMonths(w, n);
      if (position === "Start") w = new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), 1));
      if (position === "End") w = new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth() + 1, 0));
      break;
    case "y":
      w = subtractMonths(w, 12 * n);
      if (position === "Start") w = new Date(Date.UTC(w.getUTCFullYear(), 0, 1));
      if (position === "End") w = new Date(Date.UTC(w.getUTCFullYear(), 11, 31));
      break;
  }
  if (kind === "d" && position === "Start") w = truncateWall(w, "day");
  if (kind === "d" && position === "End") w = truncateWall(w, "day");
  return { wall: w, dateOnly, relative: true };
}

function subtractMonths(w: Date, n: number): Date {
  const y = w.getUTCFullYear();
  const m = w.getUTCMonth() - n;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(y, m, Math.min(w.getUTCDate(), lastDay), w.getUTCHours(), w.getUTCMinutes(), w.getUTCSeconds(), w.getUTCMilliseconds()),
  );
}

export interface DateRange {
  /** First instant included. */
  from: Date;
  /** Last instant included (microsecond precision in SQL: `timestamp <= to`). */
  to: Date;
  /** Wall-clock bucket starts of the range, in order. */
  buckets: Date[];
  interval: Interval;
  timezone: string;
}

export interface DateRangeInput {
  date_from?: string | null;
  date_to?: string | null;
  interval?: Interval;
  timezone: string;
  now?: Date;
  /** Default `date_from` when none is given (trends: `-7d`). */
  defaultFrom?: string;
  /** The team's earliest event, for `date_from: "all"` (null: no events → today). */
  earliest?: Date | null;
}

/**
 * The range an analysis covers. Dates and relative values of a day or more start at 00:00 (hourly
 * intervals: the start of the hour); `date_to` as a date or relative day includes that whole day (S3);
 * no `date_to` = now, through the end of the current interval.
 */
export function resolveDateRange(input: DateRangeInput): DateRange {
  const tz = input.timezone;
  const now = input.now ?? new Date();
  const interval = input.interval ?? "day";
  const rawFrom = input.date_from ?? input.defaultFrom ?? "-7d";
  let fromWall: Date;
  if (rawFrom === "all") {
    fromWall = truncateWall(toWall(input.earliest ?? now, tz), interval === "hour" ? "hour" : "day");
  } else {
    const parsed = parseDate(rawFrom, tz, now);
    if (!parsed) throw validationError(`Invalid date_from: "${rawFrom}"`, "date_from");
    // Dates start at 00:00; relative times start at their interval's start; absolute datetimes are exact.
    if (parsed.dateOnly) fromWall = truncateWall(parsed.wall, "day");
    else if (parsed.relative) fromWall = truncateWall(parsed.wall, interval === "hour" ? "hour" : "day");
    else fromWall = parsed.wall;
  }
  let toWallEnd: Date;
  if (input.date_to === undefined || input.date_to === null || input.date_to === "") {
    toWallEnd = new Date(
      addInterval(truncateWall(toWall(now, tz), interval === "hour" ? "hour" : "day"), interval === "hour" ? "hour" : "day").getTime() - 1,
    );
  } else {
    const parsed = parseDate(input.date_to, tz, now);
    if (!parsed) throw validationError(`Invalid date_to: "${input.date_to}"`, "date_to");
    toWallEnd = parsed.dateOnly ? new Date(addInterval(truncateWall(parsed.wall, "day"), "day").getTime() - 1) : parsed.wall;
  }
  if (toWallEnd.getTime() < fromWall.getTime()) throw validationError("date_to must be after date_from.", "date_to");
  const buckets: Date[] = [];
  for (let b = truncateWall(fromWall, interval); b.getTime() <= toWallEnd.getTime(); b = addInterval(b, interval)) {
    buckets.push(b);
    if (buckets.length > MAX_INTERVALS)
      throw validationError(
        `The date range has more than ${MAX_INTERVALS.toLocaleString("en-US")} ${interval}s. Use a larger interval or a shorter date range.`,
        "interval",
        "max_value",
      );
  }
  return { from: toInstant(fromWall, tz), to: toInstant(toWallEnd, tz), buckets, interval, timezone: tz };
}

/** The range of the same length ending where `range` starts (compare, S7). */
export function previousRange(range: DateRange): DateRange {
  const fromWall = toWall(range.from, range.timezone);
  const toWallEnd = toWall(range.to, range.timezone);
  const length = toWallEnd.getTime() - fromWall.getTime();
  // Day-based ranges shift by whole days, so the previous period keeps its bucket boundaries.
  const span = range.interval === "hour" ? length + 1 : Math.round((length + 1) / 86_400_000) * 86_400_000;
  const prevFrom = new Date(fromWall.getTime() - span);
  const prevTo = new Date(fromWall.getTime() - 1);
  const buckets: Date[] = [];
  for (let b = truncateWall(prevFrom, range.interval); b.getTime() <= prevTo.getTime(); b = addInterval(b, range.interval)) buckets.push(b);
  return {
    from: toInstant(prevFrom, range.timezone),
    to: toInstant(prevTo, range.timezone),
    buckets,
    interval: range.interval,
    timezone: range.timezone,
  };
}

const pad = (n: number) => String(n).padStart(2, "0");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `days` entry of a bucket: `YYYY-MM-DD` (hour: `YYYY-MM-DD HH:MM:SS`). */
export function bucketDay(w: Date, interval: Interval): string {
  const day = `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
  return interval === "hour" ? `${day} ${pad(w.getUTCHours())}:00:00` : day;
}

/** `labels` entry of a bucket: `%-d-%b-%Y` (hour: + ` %H:%M`), S4. */
export function bucketLabel(w: Date, interval: Interval): string {
  const label = `${w.getUTCDate()}-${MONTHS[w.getUTCMonth()]}-${w.getUTCFullYear()}`;
  return interval === "hour" ? `${label} ${pad(w.getUTCHours())}:00` : label;
}

/** ClickHouse DateTime64(6) literal value (UTC) for an instant. */
export function chTimestamp(instant: Date): string {
  const iso = instant.toISOString(); // 2024-03-01T00:00:00.000Z
  const micros = instant.getUTCMilliseconds() === 999 ? "999999" : `${pad(instant.getUTCMilliseconds()).padStart(3, "0")}000`;
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${micros}`;
}

/**
 * SQL of the bucket a timestamp falls in, as the same string `bucketDay` gives (`ts` a DateTime64 UTC
 * expression; `tzParam` a `{name:String}` placeholder or literal of the timezone).
 */
export function bucketSql(ts: string, interval: Interval, tz: string): string {
  switch (interval) {
    case "hour":
      return `formatDateTime(toStartOfHour(${ts}, ${tz}), '%Y-%m-%d %H:00:00', ${tz})`;
    case "day":
      return `toString(toDate(${ts}, ${tz}))`;
    case "week":
      return `toString(toStartOfWeek(${ts}, 0, ${tz}))`;
    case "month":
      return `toString(toStartOfMonth(${ts}, ${tz}))`;
  }
}

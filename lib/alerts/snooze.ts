import { toInstant, toWall } from "@/lib/analytics/filters/dates";
import { validationError } from "@/lib/api/errors";

/** A snooze ends within a year: past that, disable the alert. */
const MAX_SNOOZE_DAYS = 366;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** PostHog's relative snooze (`relative_date_parse(…, increase=True)`): `1h`, `2d`, `1w`, `1m`, forward from now. */
const RELATIVE = /^-?(\d{1,4})([hdwm])$/;
/** An ISO datetime; without an offset it is UTC, as PostHog stores `snoozed_until`. */
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

function relativeEnd(amount: number, unit: string, now: Date): Date {
  if (unit === "h") return new Date(now.getTime() + amount * HOUR);
  if (unit === "d") return new Date(now.getTime() + amount * DAY);
  if (unit === "w") return new Date(now.getTime() + amount * 7 * DAY);
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + amount);
  return end;
}

/** Whether the datetime's calendar day exists (Date would roll 31 February into March). */
function realDay(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split("-").map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** The instant a `snoozed_until` names; 400 unless it is in the future and within a year. */
export function parseSnoozedUntil(value: string, now: Date): Date {
  const text = value.trim();
  const relative = RELATIVE.exec(text);
  let end: Date | null = null;
  if (relative) end = relativeEnd(Number(relative[1]), relative[2], now);
  else if (DATETIME.test(text) && realDay(text)) {
    const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text.replace(" ", "T")}Z`;
    const parsed = new Date(zoned);
    if (!Number.isNaN(parsed.getTime())) end = parsed;
  }
  if (!end) throw validationError("Enter a date and time, or a relative time such as 1h, 1d or 1w.", "snoozed_until", "invalid_input");
  if (end.getTime() <= now.getTime()) throw validationError("The snooze must end in the future.", "snoozed_until", "invalid_input");
  if (end.getTime() > now.getTime() + MAX_SNOOZE_DAYS * DAY)
    throw validationError("A snooze ends within a year; disable the alert for longer.", "snoozed_until", "invalid_input");
  return end;
}

/** Whether `now` falls on a Saturday or Sunday in `tz` (PostHog's `skip_weekend`). */
export function isWeekendIn(now: Date, tz: string): boolean {
  const day = toWall(now, tz).getUTCDay();
  return day === 0 || day === 6;
}

/** The next Monday's midnight in `tz`, as an instant: when a weekend-skipping alert is due again. */
export function mondayAfter(now: Date, tz: string): Date {
  const wall = toWall(now, tz);
  const daysAhead = (8 - wall.getUTCDay()) % 7 || 7;
  return toInstant(new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + daysAhead)), tz);
}

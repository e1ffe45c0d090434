import { addInterval, parseDate, toInstant, truncateWall } from "@/lib/analytics/filters/dates";

/**
 * A picked range (`date_from`/`date_to`, as insights write them) as the events API's `after`/`before` instants, in
 * the project's time zone as insights read them: dates and relative days start at midnight, a `date_to` day is
 * included whole, hours are exact. `all`, no value or one that is no date leave that side open.
 */
export function eventsApiRange(
  range: { date_from?: string | null; date_to?: string | null },
  timezone: string,
  now = new Date(),
): { after?: string; before?: string } {
  const from = range.date_from && range.date_from !== "all" ? parseDate(range.date_from, timezone, now) : null;
  const to = range.date_to ? parseDate(range.date_to, timezone, now) : null;
  return {
    ...(from ? { after: toInstant(from.dateOnly ? truncateWall(from.wall, "day") : from.wall, timezone).toISOString() } : {}),
    ...(to ? { before: toInstant(to.dateOnly ? addInterval(truncateWall(to.wall, "day"), "day") : to.wall, timezone).toISOString() } : {}),
  };
}

import { RRule, type Weekday as RRuleWeekday } from "rrule";
import { type Frequency, WEEKDAYS, type Weekday } from "./schemas";

/** What a schedule is made of: PostHog's rrule fields of a subscription. */
export interface Recurrence {
  frequency: Frequency;
  interval: number;
  byweekday: Weekday[] | null;
  bysetpos: number | null;
  count: number | null;
  startDate: Date;
  untilDate: Date | null;
}

const FREQ = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY, yearly: RRule.YEARLY } as const;
const DAYS: Record<Weekday, RRuleWeekday> = {
  monday: RRule.MO,
  tuesday: RRule.TU,
  wednesday: RRule.WE,
  thursday: RRule.TH,
  friday: RRule.FR,
  saturday: RRule.SA,
  sunday: RRule.SU,
};

/**
 * The position counts only with weekdays (as PostHog) and, here, only in a month or a year: a day or a week may hold
 * fewer matching days than the position, and a rule with no occurrence would be searched up to the year 9999.
 */
const positioned = (r: Recurrence) =>
  Boolean(r.byweekday?.length) && r.bysetpos !== null && (r.frequency === "monthly" || r.frequency === "yearly");

/** The iCalendar rule, as PostHog builds it with dateutil. */
function ruleOf(r: Recurrence): RRule {
  const weekdays = r.byweekday?.length ? r.byweekday.map((d) => DAYS[d]) : null;
  return new RRule({
    freq: FREQ[r.frequency],
    interval: r.interval,
    dtstart: r.startDate,
    until: r.untilDate,
    count: r.count,
    byweekday: weekdays,
    bysetpos: positioned(r) ? r.bysetpos : null,
  });
}

/** The first delivery strictly after `after` (never in the past: not before `now`), or null when none is left. */
export function nextDeliveryAfter(r: Recurrence, after: Date, now = new Date()): Date | null {
  return ruleOf(r).after(after > now ? after : now, false);
}

const UNIT = { daily: "day", weekly: "week", monthly: "month", yearly: "year" } as const;
const POSITION: Record<number, string> = { 1: "first", 2: "second", 3: "third", 4: "fourth", [-1]: "last" };
const capitalized = (day: string) => day[0].toUpperCase() + day.slice(1);

const listed = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/** PostHog's summary ("sent every 2 weeks on the first Monday"), naming the weekdays of a weekly schedule too. */
export function summaryOf(r: Recurrence): string {
  const unit = UNIT[r.frequency];
  let summary = r.interval > 1 ? `sent every ${r.interval} ${unit}s` : `sent every ${unit}`;
  const days = [...(r.byweekday ?? [])].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b));
  const position = positioned(r) ? POSITION[r.bysetpos ?? 0] : undefined;
  if (position) summary += ` on the ${position} ${days.length === 1 ? capitalized(days[0]) : "day"}`;
  else if (days.length && r.frequency !== "daily") summary += ` on ${listed(days.map(capitalized))}`;
  return summary;
}

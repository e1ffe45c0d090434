import { validationError } from "@/lib/api/errors";

/**
 * How much work one analysis may ask for. Each bound is PostHog's where it has one, and otherwise generous for
 * real use; past it the request is a 400 naming the field, before any query runs. The engine's own limits
 * (time, memory, result size: `readLimitSettings`) stop whatever gets past these.
 */

/** Series of a trend (events and actions together). PostHog's insight editor offers no more than this. */
export const MAX_TREND_SERIES = 50;
/** Steps of a funnel: PostHog's FUNNEL_STEP_COUNT_LIMIT. */
export const MAX_FUNNEL_STEPS = 30;
/** `breakdown_limit`: PostHog lists 25 by default and 512 for exports. */
export const MAX_BREAKDOWN_LIMIT = 1_000;
/** A trend formula's characters and the nesting depth of its parentheses and signs. */
export const MAX_FORMULA_LENGTH = 1_000;
export const MAX_FORMULA_DEPTH = 32;
/** Formulas drawn beside a trend's series (`formulas`): each is a line per breakdown value. */
export const MAX_TREND_FORMULAS = 20;
/** Numbers one trend answers: series × breakdown values × compared periods × intervals. */
export const MAX_TREND_POINTS = 1_000_000;
/** A funnel's conversion window: PostHog's editor allows up to 365 days (or 12 months, 53 weeks). */
export const MAX_FUNNEL_WINDOW_DAYS = 372;
/** Intervals of one date range (10,000 hours is over a year; days, over 27 years). */
export const MAX_INTERVALS = 10_000;

/** A path insight's `path_groupings` and `local_path_cleaning_filters`: each one is a regex run on every event. */
export const MAX_PATH_GROUPINGS = 100;
export const MAX_PATH_CLEANING_RULES = 100;

const formatted = (n: number) => n.toLocaleString("en-US");

/** A 400 on `field` when there are more than `max` of `things` ("series", "funnel steps"). */
export function checkCount(count: number, max: number, field: string, things: string) {
  if (count > max)
    throw validationError(`Too many ${things}: at most ${formatted(max)} are allowed, this has ${formatted(count)}.`, field, "max_length");
}

/**
 * The JSON bytes one trend or stickiness answer may have (its items, with a persons URL per point), estimated
 * before the answer is built: past it the request is a 400 instead of an answer too large to send or read.
 */
export const MAX_TREND_ANSWER_BYTES = 32 * 1024 * 1024;

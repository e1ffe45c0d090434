import type { ConditionType } from "./schemas";

export interface AlertRule {
  threshold: { configuration: { type: "absolute" | "percentage"; bounds: { lower?: number | null; upper?: number | null } } };
  condition: { type: ConditionType };
  config: { series_index: number; check_ongoing_interval?: boolean };
}

/**
 * The value an alert compares with its bounds, from one series' points (oldest first): the last complete interval's
 * count (or the ongoing one's, with `check_ongoing_interval`), or its change from the interval before, as a count
 * or a fraction of it (`percentage`). Null when there are not enough points, or a fraction of nothing.
 */
export function alertValue(points: readonly number[], rule: AlertRule): number | null {
  const current = points.length - (rule.config.check_ongoing_interval ? 1 : 2);
  if (current < 0) return null;
  if (rule.condition.type === "absolute_value") return points[current];
  if (current < 1) return null;
  const change =
    rule.condition.type === "relative_increase" ? points[current] - points[current - 1] : points[current - 1] - points[current];
  if (rule.threshold.configuration.type === "absolute") return change;
  return points[current - 1] === 0 ? null : change / points[current - 1];
}

/** Whether a value is outside the bounds (each bound is inclusive: reaching it is fine). */
export function breaches(value: number | null, rule: AlertRule): boolean {
  if (value === null) return false;
  const { lower, upper } = rule.threshold.configuration.bounds;
  return (lower != null && value < lower) || (upper != null && value > upper);
}

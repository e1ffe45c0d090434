/**
 * PostHog's funnel correlation statistics (ee/clickhouse/queries/funnels/funnel_correlation.py): per event (or
 * property value) the persons who did it among those who completed the funnel and those who did not, the odds
 * ratio of completing with a prior count of 1, and which rows are shown.
 */

const PRIOR_COUNT = 1;
/** Rows seen by fewer than min(25, 2% of the funnel's persons) persons are dropped as insignificant. */
const MIN_PERSON_COUNT = 25;
const MIN_PERSON_PERCENTAGE = 0.02;
/** Rows shown per direction (success, failure). */
const TOP_ROWS = 10;

export interface Counts {
  success: number;
  failure: number;
}

export interface ContingencyRow {
  /** Orders rows whose odds ratios are equal. */
  name: string;
  visited: Counts;
}

export interface RankedRow<T extends ContingencyRow> {
  row: T;
  oddsRatio: number;
  correlationType: "success" | "failure";
}

/**
 * (visited successes + prior) × (failures that did not visit + prior) over
 * (successes that did not visit + prior) × (visited failures + prior).
 */
export function oddsRatio(visited: Counts, totals: Counts, prior = PRIOR_COUNT): number {
  return (
    ((visited.success + prior) * (totals.failure - visited.failure + prior)) /
    ((totals.success - visited.success + prior) * (visited.failure + prior))
  );
}

export function isInsignificant(visited: Counts, totals: Counts): boolean {
  const persons = totals.success + totals.failure;
  return visited.success + visited.failure < Math.min(MIN_PERSON_COUNT, MIN_PERSON_PERCENTAGE * persons);
}

/** More than ten times as many successes as failures, or the reverse. */
export function isSkewed(totals: Counts): boolean {
  return totals.success / totals.failure > 10 || totals.failure / totals.success > 10;
}

/**
 * The rows shown: significant ones, the 10 highest odds ratios above 1 (highest first), then the 10 lowest at
 * or below 1 (lowest first). Without successes or without failures nothing can be compared: no rows, skewed.
 */
export function rankCorrelations<T extends ContingencyRow>(rows: T[], totals: Counts): { ranked: RankedRow<T>[]; skewed: boolean } {
  if (!totals.success || !totals.failure) return { ranked: [], skewed: true };
  const ranked = rows
    .filter((row) => !isInsignificant(row.visited, totals))
    .map((row): RankedRow<T> => {
      const ratio = oddsRatio(row.visited, totals);
      return { row, oddsRatio: ratio, correlationType: ratio > 1 ? "success" : "failure" };
    });
  const byName = (a: RankedRow<T>, b: RankedRow<T>) => (a.row.name < b.row.name ? -1 : a.row.name > b.row.name ? 1 : 0);
  const success = ranked.filter((r) => r.correlationType === "success").sort((a, b) => b.oddsRatio - a.oddsRatio || byName(a, b));
  const failure = ranked.filter((r) => r.correlationType === "failure").sort((a, b) => a.oddsRatio - b.oddsRatio || byName(a, b));
  return { ranked: [...success.slice(0, TOP_ROWS), ...failure.slice(0, TOP_ROWS)], skewed: isSkewed(totals) };
}

import type { LegacyFilters } from "@/lib/insights/builder/url-state";

/**
 * Several formulas at once, each its own line beside the series. The API computes one `formula` per request and
 * then answers the formula's lines only, so the builder keeps its formulas under `formulas` (a key the API
 * ignores and a saved insight keeps) and asks once for the series and once per formula.
 */

/** The filter's formulas: `formulas`, else PostHog's single `formula`; blank ones left out, each once. */
export function formulasOf(filters: LegacyFilters): string[] {
  const list = Array.isArray(filters.formulas) ? filters.formulas : typeof filters.formula === "string" ? [filters.formula] : [];
  return [...new Set(list.filter((f): f is string => typeof f === "string").map((f) => f.trim()).filter(Boolean))];
}

/** The body that answers the series themselves: the filter without its formulas. */
export function seriesFilter(filters: LegacyFilters): LegacyFilters {
  const { formula: _formula, formulas: _formulas, ...rest } = filters;
  return rest;
}

/** One body per formula: the series' filter with that formula. */
export const formulaFilters = (filters: LegacyFilters): { formula: string; filter: LegacyFilters }[] =>
  formulasOf(filters).map((formula) => ({ formula, filter: { ...seriesFilter(filters), formula } }));

/** The patch that stores `formulas` (PostHog's single `formula` is folded into them). */
export const formulasPatch = (formulas: string[]): LegacyFilters => ({ formula: undefined, formulas: formulas.length ? formulas : undefined });

/** Letters past the last series: the API would refuse the formula. */
export function unknownSeriesLetters(formula: string, seriesCount: number): string[] {
  const letters = formula.toUpperCase().match(/[A-Z]/g) ?? [];
  return [...new Set(letters.filter((letter) => letter.charCodeAt(0) - 65 >= seriesCount))];
}

import type { LegacyFilters } from "@/lib/insights/builder/url-state";

/**
 * Several formulas at once, each its own line beside the series: the builder keeps them under `formulas`, which
 * the API answers after the series. PostHog's single `formula` answers that formula's lines alone.
 */

/** The filter's formulas: `formulas`, else PostHog's single `formula`; blank ones left out, each once. */
export function formulasOf(filters: LegacyFilters): string[] {
  const list = Array.isArray(filters.formulas) ? filters.formulas : typeof filters.formula === "string" ? [filters.formula] : [];
  return [
    ...new Set(
      list
        .filter((f): f is string => typeof f === "string")
        .map((f) => f.trim())
        .filter(Boolean),
    ),
  ];
}

/** The patch that stores `formulas` (PostHog's single `formula` is folded into them). */
export const formulasPatch = (formulas: string[]): LegacyFilters => ({
  formula: undefined,
  formulas: formulas.length ? formulas : undefined,
});

/** Letters past the last series: the API would refuse the formula. */
export function unknownSeriesLetters(formula: string, seriesCount: number): string[] {
  const letters = formula.toUpperCase().match(/[A-Z]/g) ?? [];
  return [...new Set(letters.filter((letter) => letter.charCodeAt(0) - 65 >= seriesCount))];
}

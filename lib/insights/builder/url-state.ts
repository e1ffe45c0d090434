/**
 * The builder's whole state is its legacy filter, kept in the URL as PostHog's old insight links were:
 * one search parameter per filter key (`?insight=TRENDS&interval=day&events=[…]`). Strings stay readable;
 * anything else (and a string that would read back as something else, like "12") is written as JSON.
 */
export type LegacyFilters = Record<string, unknown>;

const readsAsJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

export function filtersToSearchParams(filters: LegacyFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === "") continue;
    if (typeof value === "string") params.set(key, readsAsJson(value) || value.startsWith('"') ? JSON.stringify(value) : value);
    else params.set(key, JSON.stringify(value));
  }
  return params;
}

export function filtersFromSearchParams(params: URLSearchParams): LegacyFilters {
  const filters: LegacyFilters = {};
  for (const [key, text] of params) {
    try {
      filters[key] = JSON.parse(text);
    } catch {
      filters[key] = text;
    }
  }
  return filters;
}

/** Filters without empty values, so equal states compare (and cache) equal. */
export function compactFilters(filters: LegacyFilters): LegacyFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== null && value !== ""));
}

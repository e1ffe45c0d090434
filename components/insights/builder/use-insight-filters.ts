"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { compactFilters, filtersFromSearchParams, filtersToSearchParams, type LegacyFilters } from "@/lib/insights/builder/url-state";

/**
 * The builder's filter, read from and written to the URL. Each change is a history entry (Back undoes it);
 * the native history API keeps it on the client, with no server round trip. With no filter in the URL the
 * builder shows `initial` (a saved insight's filters, or a new insight's defaults).
 */
export function useInsightFilters(initial: LegacyFilters) {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const fromUrl = useMemo(() => filtersFromSearchParams(new URLSearchParams(searchParams.toString())), [searchParams]);
  const inUrl = Object.keys(fromUrl).length > 0;
  const filters = inUrl ? fromUrl : initial;

  const replaceFilters = useCallback(
    (next: LegacyFilters, mode: "push" | "replace" = "push") => {
      const url = `${pathname}?${filtersToSearchParams(compactFilters(next)).toString()}`;
      if (mode === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    },
    [pathname],
  );

  const setFilters = useCallback(
    (patch: LegacyFilters) =>
      replaceFilters(Object.fromEntries(Object.entries({ ...filters, ...patch }).filter(([, v]) => v !== undefined))),
    [filters, replaceFilters],
  );

  return { filters, setFilters, replaceFilters, inUrl };
}

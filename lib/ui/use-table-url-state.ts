"use client";

import { functionalUpdate, type ColumnSort, type PaginationState, type SortingState, type Updater } from "@tanstack/react-table";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

/**
 * A table's search, sort, page and named filters kept in the URL (`?q=ada&sort=-level&page=2&type=FUNNELS`), so
 * views can be shared and the back button restores them. `sort` uses the API's `order` style: a column id, `-`
 * for descending. Changing the search or a filter goes back to the first page.
 */
export function useTableUrlState<F extends string = never>({
  sortable,
  defaultSort,
  pageSize = 50,
  filters = [],
}: {
  sortable: readonly string[];
  defaultSort: ColumnSort;
  pageSize?: number;
  filters?: readonly F[];
}) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params.toString());
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };

  const sortParam = params.get("sort") ?? "";
  const sortId = sortParam.replace(/^-/, "");
  const sorting: SortingState = sortable.includes(sortId) ? [{ id: sortId, desc: sortParam.startsWith("-") }] : [defaultSort];
  const page = Number.parseInt(params.get("page") ?? "", 10);
  const pagination: PaginationState = { pageIndex: Number.isSafeInteger(page) && page > 1 ? page - 1 : 0, pageSize };
  const search = params.get("q") ?? "";

  return {
    search,
    filters: Object.fromEntries(filters.map((key) => [key, params.get(key)])) as Record<F, string | null>,
    setFilter: (key: F, value: string | null) => update({ [key]: value || null, page: null }),
    /** Several filters in one navigation (a range's two ends): one at a time, each would undo the other. */
    setFilters: (changes: Partial<Record<F, string | null>>) =>
      update({ ...Object.fromEntries(Object.entries(changes).map(([key, value]) => [key, (value as string | null) || null])), page: null }),
    sorting,
    pagination,
    setSearch: (q: string) => update({ q: q || null, page: null }),
    onSortingChange: (updater: Updater<SortingState>) => {
      const [first] = functionalUpdate(updater, sorting);
      const isDefault = !first || (first.id === defaultSort.id && first.desc === defaultSort.desc);
      update({ sort: isDefault ? null : `${first.desc ? "-" : ""}${first.id}`, page: null });
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const { pageIndex } = functionalUpdate(updater, pagination);
      update({ page: pageIndex > 0 ? String(pageIndex + 1) : null });
    },
  };
}

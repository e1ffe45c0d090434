import type { PropertyFilterValue } from "@/components/insights/controls/filter-kinds";

/** The page's state as the URL keeps it: range, property filters (row clicks add to them), and two switches. */
export interface WebPageState {
  date_from: string | null;
  date_to: string | null;
  filters: PropertyFilterValue[];
  filterTestAccounts: boolean;
  doPathCleaning: boolean;
}

/** The part every web query shares. */
export function commonQuery(state: WebPageState, complete: PropertyFilterValue[]) {
  return {
    dateRange: { date_from: state.date_from ?? "-7d", date_to: state.date_to },
    properties: complete,
    compareFilter: { compare: true },
    filterTestAccounts: state.filterTestAccounts,
    doPathCleaning: state.doPathCleaning,
  };
}

/**
 * The event property a breakdown's row stands for, when a pageview carries it: a click on such a row filters the
 * page by it. Session breakdowns (entry and exit pages, first referrer, channel, UTM) are a session's, not a
 * pageview's: their rows are not filters.
 */
const ROW_FILTER_PROPERTY: Partial<Record<string, string>> = {
  Page: "$pathname",
  DeviceType: "$device_type",
  Browser: "$browser",
  OS: "$os",
  Country: "$geoip_country_code",
};

export const rowFilter = (breakdown: string, value: string): PropertyFilterValue | null => {
  const key = ROW_FILTER_PROPERTY[breakdown];
  return key ? { key, value: [value], operator: "exact", type: "event" } : null;
};

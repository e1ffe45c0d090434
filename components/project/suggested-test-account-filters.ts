import type { PropertyFilterValue } from "@/components/insights/controls/filter-kinds";

/** Hosts of a developer's machine: events sent from them are not real users'. */
const LOCAL_HOSTS = ["localhost", "127.0.0.1"];

const sameFilter = (a: PropertyFilterValue, b: PropertyFilterValue) =>
  a.type === b.type && a.key === b.key && a.operator === b.operator && JSON.stringify(a.value) === JSON.stringify(b.value);

/**
 * The filters "Add suggested filters" appends: events from local hosts, and persons whose email is at one of the
 * organization's verified domains (its own staff); those already in the list are not added twice.
 */
export function withSuggestedFilters(current: PropertyFilterValue[], verifiedDomains: string[]): PropertyFilterValue[] {
  const suggested: PropertyFilterValue[] = [
    { key: "$host", type: "event", operator: "is_not", value: LOCAL_HOSTS },
    ...verifiedDomains.map(
      (domain): PropertyFilterValue => ({ key: "email", type: "person", operator: "not_icontains", value: `@${domain}` }),
    ),
  ];
  return [...current, ...suggested.filter((s) => !current.some((c) => sameFilter(c, s)))];
}

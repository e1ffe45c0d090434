"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { ELEMENT_KEYS, optionValue, type PropertyKind, SESSION_DURATION } from "@/components/insights/controls/filter-kinds";
import type { ComboboxOption } from "@/components/ui/combobox";
import { cohortsQuery } from "@/lib/ui/cohorts/queries";
import { groupTypeLabel, groupTypesQuery } from "@/lib/ui/groups/queries";
import { propertyDefinitionsQuery } from "@/lib/ui/project/queries";

const GROUP: Partial<Record<PropertyKind, string>> = {
  event: "Event properties",
  person: "Person properties",
  element: "Elements ($autocapture)",
  session: "Session properties",
};

/** Fixed options, filtered here by the search (the server searches only definitions). */
function fixedOptions(types: PropertyKind[], search: string): ComboboxOption[] {
  const fixed: ComboboxOption[] = [
    ...(types.includes("element")
      ? Object.entries(ELEMENT_KEYS).map(([key, label]) => ({
          value: optionValue({ type: "element", key }),
          label,
          detail: `Element ${key}`,
          group: GROUP.element,
        }))
      : []),
    ...(types.includes("session")
      ? [
          {
            value: optionValue({ type: "session", key: SESSION_DURATION }),
            label: "Session duration",
            detail: `${SESSION_DURATION}, in seconds`,
            group: GROUP.session,
          },
        ]
      : []),
  ];
  return fixed.filter((option) => `${option.label} ${option.detail}`.toLowerCase().includes(search.toLowerCase()));
}

/**
 * Every property a picker offers for `types`, grouped by kind: event, person and group property definitions
 * searched on the server, element attributes, session duration, cohorts and a HogQL expression. A group type
 * whose definitions are missing still takes the typed name as a property.
 */
export function usePropertyOptions({
  projectId,
  types,
  search,
  numericOnly,
  eventNames,
}: {
  projectId: number;
  types: PropertyKind[];
  search: string;
  numericOnly?: boolean;
  eventNames?: string[];
}) {
  const params = (type: string, extra: Record<string, string> = {}) => ({
    type,
    search,
    ...(numericOnly ? { is_numerical: "true" } : {}),
    ...(type === "event" && eventNames?.length ? { event_names: JSON.stringify(eventNames) } : {}),
    ...extra,
  });
  const event = useQuery({ ...propertyDefinitionsQuery(projectId, params("event")), enabled: types.includes("event") });
  const person = useQuery({ ...propertyDefinitionsQuery(projectId, params("person")), enabled: types.includes("person") });
  const groupTypes = useQuery({ ...groupTypesQuery(projectId), enabled: types.includes("group") });
  const shownTypes = types.includes("group") ? (groupTypes.data ?? []) : [];
  const groups = useQueries({
    queries: shownTypes.map((type) => ({
      ...propertyDefinitionsQuery(projectId, params("group", { group_type_index: String(type.group_type_index) })),
      retry: false,
    })),
  });
  const cohorts = useQuery({ ...cohortsQuery(projectId), enabled: types.includes("cohort") });
  const definitions = (type: "event" | "person", query: typeof event): ComboboxOption[] =>
    types.includes(type)
      ? (query.data?.results ?? []).map((p) => ({
          value: optionValue({ type, key: p.name }),
          label: p.name,
          detail: p.property_type ?? undefined,
          group: types.length > 1 ? GROUP[type] : undefined,
        }))
      : [];
  const groupOptions = shownTypes.flatMap((type, i): ComboboxOption[] => {
    const group = `${groupTypeLabel(type)} properties`;
    const found = (groups[i]?.data?.results ?? []).map((p) => ({
      value: optionValue({ type: "group", key: p.name, group_type_index: type.group_type_index }),
      label: p.name,
      group,
    }));
    const typed =
      search.trim() && !found.some((option) => option.label === search.trim())
        ? [
            {
              value: optionValue({ type: "group", key: search.trim(), group_type_index: type.group_type_index }),
              label: search.trim(),
              detail: "Use this property name",
              group,
            },
          ]
        : [];
    return [...found, ...typed];
  });
  const cohortOptions = (cohorts.data ?? [])
    .filter((cohort) => cohort.name.toLowerCase().includes(search.toLowerCase()))
    .map((cohort) => ({
      value: optionValue({ type: "cohort", key: "id", value: cohort.id }),
      label: cohort.name || `Cohort ${cohort.id}`,
      group: "Cohorts",
    }));
  const hogql =
    types.includes("hogql") && "hogql expression".includes(search.toLowerCase())
      ? [{ value: "hogql:", label: "HogQL expression", detail: "Write an expression, then press Enter", group: "HogQL" }]
      : [];
  return {
    // HogQL before the group types: their typed-name fallback matches any search, "hogql" too.
    options: [
      ...definitions("event", event),
      ...definitions("person", person),
      ...fixedOptions(types, search),
      ...cohortOptions,
      ...hogql,
      ...groupOptions,
    ],
    loading: event.isFetching || person.isFetching || groupTypes.isFetching || cohorts.isFetching || groups.some((q) => q.isFetching),
    error: event.isError || person.isError,
    cohortName: (id: number) => cohorts.data?.find((cohort) => cohort.id === id)?.name,
  };
}

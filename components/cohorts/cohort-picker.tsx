"use client";

import { useQuery } from "@tanstack/react-query";
import { Combobox } from "@/components/ui/combobox";
import { cohortsQuery } from "@/lib/ui/cohorts/queries";
import { formatCount } from "@/lib/ui/format";

/** One of the project's cohorts, searched by name; `exclude` leaves one out (a cohort cannot contain itself). */
export function CohortPicker({
  projectId,
  value,
  onChange,
  label = "Cohort",
  exclude,
  size = "sm",
  className,
}: {
  projectId: number;
  value: number | null;
  onChange: (cohortId: number, name: string) => void;
  label?: string;
  exclude?: number;
  size?: "sm" | "default";
  className?: string;
}) {
  const cohorts = useQuery(cohortsQuery(projectId));
  const options = (cohorts.data ?? [])
    .filter((cohort) => cohort.id !== exclude)
    .map((cohort) => ({
      value: String(cohort.id),
      label: cohort.name || `Cohort ${cohort.id}`,
      detail: cohort.is_calculating ? "Calculating…" : cohort.count === null ? undefined : `${formatCount(cohort.count)} persons`,
    }));
  return (
    <Combobox
      label={label}
      placeholder="Select a cohort"
      searchPlaceholder="Search cohorts…"
      value={value ? String(value) : null}
      display={value ? (options.find((option) => option.value === String(value))?.label ?? `Cohort ${value}`) : undefined}
      options={options}
      loading={cohorts.isPending}
      emptyText={cohorts.isError ? "Could not load cohorts." : "No cohort matches."}
      size={size}
      className={className}
      onChange={(picked, option) => onChange(Number(picked), option?.label ?? `Cohort ${picked}`)}
    />
  );
}

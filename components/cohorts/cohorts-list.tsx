"use client";

import { useQuery } from "@tanstack/react-query";
import { PlusIcon } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { CohortStatus } from "@/components/cohorts/cohort-status";
import { PageHeader } from "@/components/page-header";
import { RelativeTime } from "@/components/relative-time";
import { SearchInput } from "@/components/search-input";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/ui/api-client";
import { cohortsQuery } from "@/lib/ui/cohorts/queries";
import type { TCohort } from "@/lib/ui/cohorts/criteria";

const creatorName = (cohort: TCohort) => cohort.created_by?.first_name || cohort.created_by?.email || "—";

/** `/project/:id/cohorts`: the project's cohorts, newest first, searched by name here (the list is small). */
export function CohortsList({ projectId }: { projectId: number }) {
  const cohorts = useQuery(cohortsQuery(projectId));
  const [search, setSearch] = useState("");
  const rows = (cohorts.data ?? []).filter((cohort) => cohort.name.toLowerCase().includes(search.trim().toLowerCase()));
  return (
    <>
      <PageHeader
        title="Cohorts"
        description="Lists of persons: by their properties and what they did (dynamic), or uploaded once (static)."
        actions={
          <Button asChild>
            <Link href={`/project/${projectId}/cohorts/new`}>
              <PlusIcon /> New cohort
            </Link>
          </Button>
        }
      />
      <section className="grid gap-3" aria-label="Cohorts">
        <SearchInput value={search} onChange={setSearch} placeholder="Search cohorts by name" className="w-full sm:w-96" />
        {cohorts.error ? <FormAlert>{errorMessage(cohorts.error)}</FormAlert> : null}
        {cohorts.isPending ? (
          <Skeleton className="h-48 w-full" role="status" aria-label="Loading" />
        ) : (
          <div className="overflow-x-auto rounded-md border">
            <Table aria-label="Cohorts" aria-busy={cohorts.isFetching}>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Persons</TableHead>
                  <TableHead>Type</TableHead>
                  <TableHead>Last calculated</TableHead>
                  <TableHead>Created by</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((cohort) => (
                  <TableRow key={cohort.id}>
                    <TableCell>
                      <Link
                        href={`/project/${projectId}/cohorts/${cohort.id}`}
                        className="block max-w-72 truncate font-medium text-primary hover:underline"
                      >
                        {cohort.name || `Cohort ${cohort.id}`}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <CohortStatus cohort={cohort} />
                    </TableCell>
                    <TableCell>
                      <Badge variant={cohort.is_static ? "secondary" : "default"}>{cohort.is_static ? "Static" : "Dynamic"}</Badge>
                    </TableCell>
                    <TableCell className="text-muted-foreground">
                      {cohort.last_calculation ? <RelativeTime iso={cohort.last_calculation} /> : "Never"}
                    </TableCell>
                    <TableCell className="max-w-48 truncate text-muted-foreground">{creatorName(cohort)}</TableCell>
                  </TableRow>
                ))}
                {!rows.length && !cohorts.error ? (
                  <TableRow>
                    <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                      {search ? `No cohort matches “${search}”.` : "No cohorts yet. Create one to filter and break down insights by it."}
                    </TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </div>
        )}
      </section>
    </>
  );
}

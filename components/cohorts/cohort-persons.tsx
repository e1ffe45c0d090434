"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { RelativeTime } from "@/components/relative-time";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/ui/api-client";
import { cohortPersonsQuery } from "@/lib/ui/cohorts/queries";
import type { TCohort } from "@/lib/ui/cohorts/criteria";

/** A cohort's members, 100 at a time; while the cohort is calculated they wait for the result. */
export function CohortPersons({ projectId, cohort }: { projectId: number; cohort: TCohort }) {
  const persons = useInfiniteQuery({
    ...cohortPersonsQuery(projectId, cohort.id, cohort.last_calculation),
    enabled: !cohort.is_calculating,
  });
  const rows = persons.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Persons</CardTitle>
        <CardDescription>
          {cohort.is_calculating
            ? "The cohort is being calculated; its persons show once it is done."
            : "The persons in this cohort as last calculated."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {persons.error ? <FormAlert>{errorMessage(persons.error)}</FormAlert> : null}
        {cohort.is_calculating || persons.isPending ? (
          <Skeleton className="h-32 w-full" role="status" aria-label="Loading persons" />
        ) : (
          <div className="overflow-x-auto rounded-md border">
            <Table aria-label="Cohort persons" aria-busy={persons.isFetching}>
              <TableHeader>
                <TableRow>
                  <TableHead>Person</TableHead>
                  <TableHead>Distinct IDs</TableHead>
                  <TableHead>First seen</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((person) => (
                  <TableRow key={person.id}>
                    <TableCell>
                      <Link
                        href={`/project/${projectId}/persons/${person.id}`}
                        className="block max-w-72 truncate font-medium text-primary hover:underline"
                      >
                        {person.name}
                      </Link>
                    </TableCell>
                    <TableCell className="max-w-64 truncate font-mono text-xs">{person.distinct_ids.join(", ")}</TableCell>
                    <TableCell className="text-muted-foreground">
                      <RelativeTime iso={person.created_at} />
                    </TableCell>
                  </TableRow>
                ))}
                {!rows.length && !persons.error ? (
                  <TableRow>
                    <TableCell colSpan={3} className="py-8 text-center text-muted-foreground">
                      Nobody matches this cohort.
                    </TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </div>
        )}
        {persons.hasNextPage ? (
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={() => persons.fetchNextPage()}
            disabled={persons.isFetchingNextPage}
          >
            {persons.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

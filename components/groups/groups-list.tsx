"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { GroupsEmpty, GroupTypeTabs } from "@/components/groups/group-type-tabs";
import { PageHeader } from "@/components/page-header";
import { RelativeTime } from "@/components/relative-time";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/ui/api-client";
import { groupsQuery, groupTypeLabel, groupTypesQuery } from "@/lib/ui/groups/queries";
import type { TGroup } from "@/lib/ui/types";

/** A group's name as people read it: its `name` property, else its key. */
const groupName = (group: TGroup) => (typeof group.group_properties.name === "string" && group.group_properties.name) || group.group_key;

/**
 * `/project/:id/groups/:groupTypeIndex`: one group type's identified groups, newest first, searched by key or
 * property value, a page of 100 at a time; the project's other types are tabs above.
 */
export function GroupsList({ projectId, groupTypeIndex }: { projectId: number; groupTypeIndex: number }) {
  const types = useQuery(groupTypesQuery(projectId));
  const [search, setSearch] = useState("");
  const groups = useInfiniteQuery({ ...groupsQuery(projectId, groupTypeIndex, search), enabled: Boolean(types.data?.length) });
  const type = types.data?.find((candidate) => candidate.group_type_index === groupTypeIndex);
  if (types.isPending) return <Skeleton className="h-64 w-full" role="status" aria-label="Loading" />;
  if (types.error) return <FormAlert>{errorMessage(types.error)}</FormAlert>;
  if (!types.data.length) return <GroupsEmpty />;
  const rows = groups.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <>
      <PageHeader title={type ? groupTypeLabel(type) : "Groups"} description="Groups as $groupidentify describes them, newest first." />
      <GroupTypeTabs projectId={projectId} types={types.data} current={groupTypeIndex} />
      {!type ? (
        <p className="text-sm text-muted-foreground">This project has no group type with index {groupTypeIndex}.</p>
      ) : (
        <section className="grid gap-3" aria-label={groupTypeLabel(type)}>
          <SearchInput value={search} onChange={setSearch} placeholder="Search by key or property value" className="w-full sm:w-96" />
          {groups.error ? <FormAlert>{errorMessage(groups.error)}</FormAlert> : null}
          <div className="overflow-x-auto rounded-md border">
            <Table aria-label={groupTypeLabel(type)} aria-busy={groups.isFetching}>
              <TableHeader>
                <TableRow>
                  <TableHead>Group</TableHead>
                  <TableHead>Key</TableHead>
                  <TableHead>Properties</TableHead>
                  <TableHead>First identified</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((group) => (
                  <TableRow key={group.group_key}>
                    <TableCell>
                      <Link
                        href={`/project/${projectId}/groups/${groupTypeIndex}/${encodeURIComponent(group.group_key)}`}
                        className="block max-w-72 truncate font-medium text-primary hover:underline"
                      >
                        {groupName(group)}
                      </Link>
                    </TableCell>
                    <TableCell className="max-w-64 truncate font-mono text-xs">{group.group_key}</TableCell>
                    <TableCell className="text-muted-foreground">
                      {Object.keys(group.group_properties).length.toLocaleString("en-US")}
                    </TableCell>
                    <TableCell className="text-muted-foreground">
                      <RelativeTime iso={group.created_at} />
                    </TableCell>
                  </TableRow>
                ))}
                {!rows.length && !groups.isPending ? (
                  <TableRow>
                    <TableCell colSpan={4} className="py-8 text-center text-muted-foreground">
                      {search
                        ? `No group matches “${search}”.`
                        : `No ${groupTypeLabel(type)} identified yet: they appear with their first $groupidentify.`}
                    </TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </div>
          {groups.hasNextPage ? (
            <Button
              variant="outline"
              className="justify-self-start"
              onClick={() => groups.fetchNextPage()}
              disabled={groups.isFetchingNextPage}
            >
              {groups.isFetchingNextPage ? "Loading…" : "Load more"}
            </Button>
          ) : null}
        </section>
      )}
    </>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/ui/api-client";
import { groupTypeLabel, groupTypesQuery, relatedActorsQuery } from "@/lib/ui/groups/queries";
import type { TRelatedActors } from "@/lib/ui/types";

type RelatedGroup = Extract<TRelatedActors[number], { type: "group" }>;

const groupName = (group: RelatedGroup) => (typeof group.properties.name === "string" && group.properties.name) || group.group_key;

/**
 * The groups of other types that shared events of the last 90 days with a group (`groupTypeIndex`, key `id`) or,
 * with a null index, with the person `id`; by type, each linked to its page.
 */
export function RelatedGroups({ projectId, groupTypeIndex, id }: { projectId: number; groupTypeIndex: number | null; id: string }) {
  const related = useQuery(relatedActorsQuery(projectId, groupTypeIndex, id));
  const types = useQuery(groupTypesQuery(projectId));
  const groups = related.data?.filter((actor): actor is RelatedGroup => actor.type === "group") ?? [];
  const byType = Map.groupBy(groups, (group) => group.group_type_index);
  const label = (index: number) => {
    const type = types.data?.find((candidate) => candidate.group_type_index === index);
    return type ? groupTypeLabel(type) : `Group type ${index}`;
  };
  return (
    <Card className="content-start">
      <CardHeader>
        <CardTitle>Related groups</CardTitle>
        <CardDescription>Groups of {groupTypeIndex === null ? "this person's" : "the same"} events over the last 90 days.</CardDescription>
      </CardHeader>
      <CardContent>
        {related.isPending ? (
          <Skeleton className="h-16 w-full" role="status" aria-label="Loading related groups" />
        ) : related.error ? (
          <FormAlert>{errorMessage(related.error)}</FormAlert>
        ) : groups.length === 0 ? (
          <p className="text-sm text-muted-foreground">No related groups in the last 90 days.</p>
        ) : (
          <div className="grid gap-4">
            {[...byType].map(([index, members]) => (
              <section key={index} className="grid gap-2" aria-label={label(index)}>
                <h3 className="text-sm font-medium">{label(index)}</h3>
                <ul className="grid gap-1">
                  {members.map((group) => (
                    <li key={group.group_key} className="flex min-w-0 items-baseline gap-2">
                      <Link
                        href={`/project/${projectId}/groups/${index}/${encodeURIComponent(group.group_key)}`}
                        className="truncate text-sm font-medium text-primary hover:underline"
                      >
                        {groupName(group)}
                      </Link>
                      <code className="truncate font-mono text-xs text-muted-foreground">{group.group_key}</code>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

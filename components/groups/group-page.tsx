"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { PageHeader } from "@/components/page-header";
import { PropertiesTable } from "@/components/properties-table";
import { RelativeTime } from "@/components/relative-time";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/ui/api-client";
import { formatCount } from "@/lib/ui/format";
import { groupQuery, groupTypeLabel, groupTypesQuery } from "@/lib/ui/groups/queries";

/** `/project/:id/groups/:groupTypeIndex/:groupKey`: one group's properties, as its `$groupidentify`s set them. */
export function GroupPage({ projectId, groupTypeIndex, groupKey }: { projectId: number; groupTypeIndex: number; groupKey: string }) {
  const group = useQuery(groupQuery(projectId, groupTypeIndex, groupKey));
  const types = useQuery(groupTypesQuery(projectId));
  const type = types.data?.find((candidate) => candidate.group_type_index === groupTypeIndex);
  const back = (
    // Inside a sentence a link needs more than colour to stand out (WCAG 1.4.1).
    <Link href={`/project/${projectId}/groups/${groupTypeIndex}`} className="text-primary underline underline-offset-4">
      {type ? groupTypeLabel(type) : "Groups"}
    </Link>
  );
  if (group.isPending) return <Skeleton className="h-64 w-full" role="status" aria-label="Loading" />;
  if (group.error)
    return (
      <div className="grid gap-4">
        <FormAlert>{errorMessage(group.error)}</FormAlert>
        <p className="text-sm">Back to {back}</p>
      </div>
    );
  const { group_properties: properties, created_at: createdAt } = group.data;
  const name = typeof properties.name === "string" && properties.name ? properties.name : groupKey;
  return (
    <>
      <PageHeader
        title={<span className="break-all">{name}</span>}
        description={
          <>
            {back} · <code className="font-mono text-xs">{groupKey}</code> · First identified <RelativeTime iso={createdAt} />
          </>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Properties</CardTitle>
          <CardDescription>{formatCount(Object.keys(properties).length)} properties, as the latest $groupidentify left them.</CardDescription>
        </CardHeader>
        <CardContent>
          <PropertiesTable properties={properties} label="Group properties" />
        </CardContent>
      </Card>
    </>
  );
}

"use client";

import { DetailPageError, DetailPageLoading } from "@/components/detail-page-state";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { EventsTable } from "@/components/events/events-table";
import { RelatedGroups } from "@/components/groups/related-groups";
import { RelatedPersons } from "@/components/groups/related-persons";
import { PageHeader } from "@/components/page-header";
import { PropertiesTable } from "@/components/properties-table";
import { RelativeTime } from "@/components/relative-time";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount } from "@/lib/ui/format";
import { groupQuery, groupTypeLabel, groupTypesQuery } from "@/lib/ui/groups/queries";

const GROUP_EVENT_COLUMNS = ["$current_url"];

/**
 * `/project/:id/groups/:groupTypeIndex/:groupKey`: one group's properties, as its `$groupidentify`s set them, the
 * persons and groups of other types that shared its events lately, and its events.
 */
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
  if (group.isPending) return <DetailPageLoading label="Loading the group" />;
  if (group.error)
    return (
      <DetailPageError
        error={group.error}
        back={<p className="text-sm">Back to {back}</p>}
        notFound={{ title: "Group not found", description: `No group of this type has the key ${groupKey} in this project.` }}
      />
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
      <div className="grid gap-6">
        <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <Card>
            <CardHeader>
              <CardTitle>Properties</CardTitle>
              <CardDescription>
                {formatCount(Object.keys(properties).length)} properties, as the latest $groupidentify left them.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <PropertiesTable properties={properties} label="Group properties" />
            </CardContent>
          </Card>
          <RelatedGroups projectId={projectId} groupTypeIndex={groupTypeIndex} id={groupKey} />
        </div>
        <RelatedPersons projectId={projectId} groupTypeIndex={groupTypeIndex} groupKey={groupKey} />
        <section className="grid gap-3" aria-labelledby="group-events">
          <h2 id="group-events" className="text-lg font-semibold">
            Events
          </h2>
          <EventsTable
            projectId={projectId}
            params={{
              properties: JSON.stringify([{ key: `$group_${groupTypeIndex}`, value: groupKey, operator: "exact", type: "event" }]),
            }}
            propertyKeys={GROUP_EVENT_COLUMNS}
            label="Events of this group"
            empty="No events with this group."
          />
        </section>
      </div>
    </>
  );
}

"use client";

import { DetailPageError, DetailPageLoading } from "@/components/detail-page-state";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { CopyButton } from "@/components/copy-button";
import { EventsTable } from "@/components/events/events-table";
import { RelatedGroups } from "@/components/groups/related-groups";
import { PageHeader } from "@/components/page-header";
import { PropertiesTable } from "@/components/properties-table";
import { RelativeTime } from "@/components/relative-time";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount } from "@/lib/ui/format";
import { personQuery } from "@/lib/ui/project/queries";

const PERSON_EVENT_COLUMNS = ["$current_url"];

/** `/project/:id/persons/:personId`: one person's properties, distinct ids and events. */
export function PersonPage({ projectId, personId }: { projectId: number; personId: string }) {
  const person = useQuery(personQuery(projectId, personId));
  if (person.isPending) return <DetailPageLoading label="Loading the person" blocks={["h-10 w-72", "h-64 w-full"]} />;
  if (person.error)
    return (
      <DetailPageError
        error={person.error}
        back={
          <Link href={`/project/${projectId}/persons`} className="text-sm font-medium text-primary hover:underline">
            Back to persons
          </Link>
        }
        notFound={{
          title: "Person not found",
          description: "This project has no person with this ID. They may have been deleted or merged into another.",
        }}
      />
    );
  const { name, distinct_ids: distinctIds, properties, created_at: createdAt, is_identified: identified } = person.data;
  return (
    <>
      <PageHeader
        title={<span className="break-all">{name}</span>}
        description={
          <>
            {/* Inside a sentence a link needs more than colour to stand out (WCAG 1.4.1). */}
            <Link href={`/project/${projectId}/persons`} className="text-primary underline underline-offset-4">
              Persons
            </Link>{" "}
            · First seen <RelativeTime iso={createdAt} /> · {identified ? "Identified" : "Anonymous"}
          </>
        }
      />
      <div className="grid gap-6">
        <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <Card>
            <CardHeader>
              <CardTitle>Properties</CardTitle>
              <CardDescription>{formatCount(Object.keys(properties).length)} properties, as they are now.</CardDescription>
            </CardHeader>
            <CardContent>
              <PropertiesTable properties={properties} label="Person properties" />
            </CardContent>
          </Card>
          <div className="grid content-start gap-6">
            <Card className="content-start">
              <CardHeader>
                <CardTitle>Distinct IDs</CardTitle>
                <CardDescription>The IDs this person's events were sent with.</CardDescription>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-2" aria-label="Distinct IDs">
                  {distinctIds.map((id) => (
                    <li key={id} className="flex items-center gap-2">
                      <code className="min-w-0 flex-1 rounded-md border bg-muted px-2 py-1 font-mono text-xs break-all">{id}</code>
                      <CopyButton value={id} label={`Copy ${id}`} />
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <RelatedGroups projectId={projectId} groupTypeIndex={null} id={personId} />
          </div>
        </div>
        <section className="grid gap-3" aria-labelledby="person-events">
          <h2 id="person-events" className="text-lg font-semibold">
            Events
          </h2>
          <EventsTable
            projectId={projectId}
            params={{ person_id: personId }}
            propertyKeys={PERSON_EVENT_COLUMNS}
            label="Events of this person"
            empty="No events from this person."
          />
        </section>
      </div>
    </>
  );
}

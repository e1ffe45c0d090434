"use client";

import { useQuery } from "@tanstack/react-query";
import { PencilIcon } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { DefinitionBadges } from "@/components/data-management/definition-badges";
import { DefinitionEvents } from "@/components/data-management/definition-events";
import { EditDefinitionDialog } from "@/components/data-management/edit-definition-dialog";
import { InsightUsage } from "@/components/data-management/insight-usage";
import { DetailPageError, DetailPageLoading } from "@/components/detail-page-state";
import { PageHeader } from "@/components/page-header";
import { RelativeTime } from "@/components/relative-time";
import { Button } from "@/components/ui/button";
import { definitionInsightsQuery, definitionQuery } from "@/lib/ui/data-management/queries";
import { formatCount } from "@/lib/ui/format";
import type { DefinitionKind } from "@/lib/ui/query-keys";
import type { TEventDefinition, TPropertyDefinition } from "@/lib/ui/types";

const TAB = { event: "events", property: "properties" } as const;

/** An event's or a property's page: what it is, its description and status (editable), where it is used, recent events with it. */
export function DefinitionPage({
  projectId,
  kind,
  id,
  propertyOf = "event",
}: {
  projectId: number;
  kind: DefinitionKind;
  id: string;
  /** A property's: whether it is an event's or a person's, which decides the events shown. */
  propertyOf?: "event" | "person";
}) {
  const definition = useQuery(definitionQuery(projectId, kind, id));
  const usage = useQuery(definitionInsightsQuery(projectId, kind, id));
  const [editing, setEditing] = useState(false);
  const back = (
    <Link href={`/project/${projectId}/data-management/${TAB[kind]}`} className="text-primary underline underline-offset-4">
      {kind === "event" ? "Events" : "Properties"}
    </Link>
  );
  if (definition.isPending) return <DetailPageLoading label={`Loading the ${kind}`} />;
  if (definition.error)
    return (
      <DetailPageError
        error={definition.error}
        back={<p className="text-sm">Back to {back}</p>}
        notFound={{
          title: `No such ${kind}`,
          description: `This project has no ${kind} definition with this ID. It may have been deleted.`,
        }}
      />
    );
  const data = definition.data;
  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-2 break-all">
            {data.name} <DefinitionBadges definition={data} />
          </span>
        }
        description={<>Back to {back}</>}
        actions={
          <Button variant="outline" onClick={() => setEditing(true)}>
            <PencilIcon /> Edit
          </Button>
        }
      />
      <div className="grid gap-8">
        <dl className="grid max-w-3xl grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Description</dt>
          <dd>{data.description || <span className="text-muted-foreground">None yet</span>}</dd>
          <dt className="text-muted-foreground">Tags</dt>
          <dd>{data.tags.length ? data.tags.join(", ") : <span className="text-muted-foreground">None</span>}</dd>
          {kind === "event" ? (
            <EventFacts definition={data as TEventDefinition} />
          ) : (
            <PropertyFacts definition={data as TPropertyDefinition} />
          )}
        </dl>
        <InsightUsage projectId={projectId} usage={usage} />
        <DefinitionEvents projectId={projectId} kind={kind} name={data.name} propertyOf={propertyOf} />
      </div>
      <EditDefinitionDialog projectId={projectId} kind={kind} definition={data} open={editing} onOpenChange={setEditing} />
    </>
  );
}

function EventFacts({ definition }: { definition: TEventDefinition }) {
  return (
    <>
      <dt className="text-muted-foreground">Type</dt>
      <dd>{definition.name.startsWith("$") ? "PostHog event" : "Custom event"}</dd>
      <dt className="text-muted-foreground">Last 30 days</dt>
      <dd>
        {definition.volume_30_day === null
          ? "—"
          : `${formatCount(definition.volume_30_day)} ${definition.volume_30_day === 1 ? "event" : "events"}`}
      </dd>
      <dt className="text-muted-foreground">Last seen</dt>
      <dd>{definition.last_seen_at ? <RelativeTime iso={definition.last_seen_at} /> : "Never"}</dd>
    </>
  );
}

function PropertyFacts({ definition }: { definition: TPropertyDefinition }) {
  return (
    <>
      <dt className="text-muted-foreground">Type</dt>
      <dd>{definition.property_type ?? "Not known yet"}</dd>
    </>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ActionActions } from "@/components/data-management/action-actions";
import { ActionForm } from "@/components/data-management/action-form";
import { InsightUsage } from "@/components/data-management/insight-usage";
import { DetailPageError, DetailPageLoading } from "@/components/detail-page-state";
import { PageHeader } from "@/components/page-header";
import { FormAlert } from "@/components/ui/field";
import { actionInsightsQuery, actionQuery } from "@/lib/ui/data-management/queries";

/** `/project/:id/data-management/actions/:actionId` (or `/new`): the action's editor, where it is used, duplicate and delete. */
export function ActionPage({ projectId, actionId }: { projectId: number; actionId: number | null }) {
  const action = useQuery({ ...actionQuery(projectId, actionId ?? 0), enabled: actionId !== null });
  const back = (
    <Link href={`/project/${projectId}/data-management/actions`} className="text-primary underline underline-offset-4">
      Actions
    </Link>
  );
  if (actionId === null)
    return (
      <>
        <PageHeader title="New action" description={<>Back to {back}</>} />
        <ActionForm projectId={projectId} />
      </>
    );
  if (action.isPending) return <DetailPageLoading label="Loading the action" />;
  if (action.error)
    return (
      <DetailPageError
        error={action.error}
        back={<p className="text-sm">Back to {back}</p>}
        notFound={{ title: "Action not found", description: "This project has no action with this ID." }}
      />
    );
  const data = action.data;
  return (
    <>
      <PageHeader
        title={<span className="break-all">{data.name ?? `Action ${data.id}`}</span>}
        description={<>Back to {back}</>}
        actions={data.deleted ? null : <ActionActions projectId={projectId} action={data} />}
      />
      {data.deleted ? <FormAlert className="mb-4">This action was deleted.</FormAlert> : null}
      <div className="grid gap-8">
        <ActionForm key={data.id} projectId={projectId} action={data} />
        <ActionUsage projectId={projectId} actionId={data.id} />
      </div>
    </>
  );
}

function ActionUsage({ projectId, actionId }: { projectId: number; actionId: number }) {
  return <InsightUsage projectId={projectId} usage={useQuery(actionInsightsQuery(projectId, actionId))} />;
}

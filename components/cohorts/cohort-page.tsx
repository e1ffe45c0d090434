"use client";

import { DetailPageError, DetailPageLoading } from "@/components/detail-page-state";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { CohortActions } from "@/components/cohorts/cohort-actions";
import { CohortPersons } from "@/components/cohorts/cohort-persons";
import { CohortStatus } from "@/components/cohorts/cohort-status";
import { StaticCohortRename } from "@/components/cohorts/static-cohort-rename";
import { DynamicCohortForm } from "@/components/cohorts/dynamic-cohort-form";
import { PageHeader } from "@/components/page-header";
import { RelativeTime } from "@/components/relative-time";
import { Badge } from "@/components/ui/badge";
import { FormAlert } from "@/components/ui/field";
import { cohortQuery } from "@/lib/ui/cohorts/queries";

/** `/project/:id/cohorts/:cohortId`: a cohort's definition (editable when dynamic), its state and its persons. */
export function CohortPage({ projectId, cohortId }: { projectId: number; cohortId: number }) {
  const cohort = useQuery(cohortQuery(projectId, cohortId));
  const back = (
    <Link href={`/project/${projectId}/cohorts`} className="text-primary underline underline-offset-4">
      Cohorts
    </Link>
  );
  if (cohort.isPending) return <DetailPageLoading label="Loading the cohort" />;
  if (cohort.error)
    return (
      <DetailPageError
        error={cohort.error}
        back={<p className="text-sm">Back to {back}</p>}
        notFound={{ title: "Cohort not found", description: "This project has no cohort with this ID. It may have been deleted." }}
      />
    );
  const data = cohort.data;
  return (
    <>
      <PageHeader
        title={<span className="break-all">{data.name || `Cohort ${data.id}`}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {back} ·<Badge variant={data.is_static ? "secondary" : "default"}>{data.is_static ? "Static" : "Dynamic"}</Badge>
            <CohortStatus cohort={data} />
            {data.last_calculation ? (
              <span>
                · calculated <RelativeTime iso={data.last_calculation} />
              </span>
            ) : null}
          </span>
        }
        actions={data.deleted ? null : <CohortActions projectId={projectId} cohort={data} />}
      />
      {data.deleted ? <FormAlert className="mb-4">This cohort was deleted.</FormAlert> : null}
      <div className="grid gap-6">
        {data.is_static ? (
          <>
            {data.deleted ? null : <StaticCohortRename key={data.id} projectId={projectId} cohort={data} />}
            {data.description ? <p className="text-sm text-muted-foreground">{data.description}</p> : null}
          </>
        ) : (
          <DynamicCohortForm key={data.id} projectId={projectId} cohort={data} />
        )}
        <CohortPersons projectId={projectId} cohort={data} />
      </div>
    </>
  );
}

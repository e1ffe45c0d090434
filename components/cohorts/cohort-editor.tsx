"use client";

import Link from "next/link";
import { useState } from "react";
import { DynamicCohortForm } from "@/components/cohorts/dynamic-cohort-form";
import { StaticCohortForm } from "@/components/cohorts/static-cohort-form";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";

/** `/project/:id/cohorts/new`: a dynamic cohort by criteria, or a static one from a CSV file. */
export function CohortEditor({ projectId }: { projectId: number }) {
  const [kind, setKind] = useState<"dynamic" | "static">("dynamic");
  return (
    <>
      <PageHeader
        title="New cohort"
        description={
          <>
            Back to{" "}
            <Link href={`/project/${projectId}/cohorts`} className="text-primary underline underline-offset-4">
              Cohorts
            </Link>
          </>
        }
      />
      <fieldset className="mb-4 flex gap-1" aria-label="Cohort type">
        <Button
          type="button"
          variant={kind === "dynamic" ? "secondary" : "ghost"}
          aria-pressed={kind === "dynamic"}
          onClick={() => setKind("dynamic")}
        >
          Dynamic: by criteria
        </Button>
        <Button
          type="button"
          variant={kind === "static" ? "secondary" : "ghost"}
          aria-pressed={kind === "static"}
          onClick={() => setKind("static")}
        >
          Static: upload a CSV
        </Button>
      </fieldset>
      {kind === "dynamic" ? <DynamicCohortForm projectId={projectId} /> : <StaticCohortForm projectId={projectId} />}
    </>
  );
}

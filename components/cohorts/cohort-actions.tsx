"use client";

import { useMutation } from "@tanstack/react-query";
import { CopyIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/ui/api-client";
import { cohortMemberIds, deleteCohortMutation, savePersonsAsCohortMutation } from "@/lib/ui/cohorts/queries";
import type { TCohort } from "@/lib/ui/cohorts/criteria";
import { toast } from "@/lib/ui/toast";

/** "Duplicate as static" (its current members, uploaded as a new static cohort) and "Delete" (soft, confirmed). */
export function CohortActions({ projectId, cohort }: { projectId: number; cohort: TCohort }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const duplicate = useMutation({
    ...savePersonsAsCohortMutation(projectId, () => cohortMemberIds(projectId, cohort.id)),
    onSuccess: (created) => {
      toast.success(`${created.name} was created.`);
      router.push(`/project/${projectId}/cohorts/${created.id}`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const remove = useMutation({
    ...deleteCohortMutation(projectId, cohort.id),
    onSuccess: () => {
      toast.success(`${cohort.name} was deleted.`);
      router.push(`/project/${projectId}/cohorts`);
    },
  });
  return (
    <>
      <Button
        variant="outline"
        disabled={cohort.is_calculating || duplicate.isPending}
        onClick={() => duplicate.mutate(`${cohort.name} (static copy)`)}
      >
        <CopyIcon /> {duplicate.isPending ? "Duplicating…" : "Duplicate as static"}
      </Button>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        <Trash2Icon /> Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${cohort.name || "this cohort"}?`}
        description="The cohort leaves the list and can no longer be picked. Insights that filter by it keep its id."
        action={remove}
        onConfirm={() => remove.mutate()}
        confirmLabel="Delete cohort"
        pendingLabel="Deleting…"
      />
    </>
  );
}

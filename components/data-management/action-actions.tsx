"use client";

import { useMutation } from "@tanstack/react-query";
import { CopyIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/ui/api-client";
import { createActionMutation, deleteActionMutation } from "@/lib/ui/data-management/mutations";
import { toast } from "@/lib/ui/toast";
import type { TAction } from "@/lib/ui/types";

/** "Duplicate" (the same steps under a new name, then opened) and "Delete" (soft, confirmed). */
export function ActionActions({ projectId, action }: { projectId: number; action: TAction }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const name = action.name ?? `Action ${action.id}`;
  const duplicate = useMutation({
    ...createActionMutation(projectId),
    onSuccess: (created) => {
      toast.success(`${created.name} was created.`);
      router.push(`/project/${projectId}/data-management/actions/${created.id}`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const remove = useMutation({
    ...deleteActionMutation(projectId, action.id),
    onSuccess: () => {
      toast.success(`${name} was deleted.`);
      router.push(`/project/${projectId}/data-management/actions`);
    },
  });
  const copy = () =>
    duplicate.mutate({ name: `${name} (copy)`.slice(0, 400), description: action.description, tags: action.tags, steps: action.steps });
  return (
    <>
      <Button variant="outline" disabled={duplicate.isPending} onClick={copy}>
        <CopyIcon /> {duplicate.isPending ? "Duplicating…" : "Duplicate"}
      </Button>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        <Trash2Icon /> Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${name}?`}
        description="The action leaves the list and the pickers. Insights that use it keep its id and stop matching events."
        action={remove}
        onConfirm={() => remove.mutate()}
        confirmLabel="Delete action"
        pendingLabel="Deleting…"
      />
    </>
  );
}

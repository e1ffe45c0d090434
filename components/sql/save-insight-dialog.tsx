"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { FormDialog } from "@/components/form-dialog";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ZInsightWrite } from "@/lib/insights/schemas";
import { fieldErrorText } from "@/lib/ui/forms";
import { createInsightMutation } from "@/lib/ui/insights/mutations";
import { visualizationNode, type SqlVisualization } from "@/lib/ui/sql/visualization";
import type { HogQLFilters } from "@/lib/ui/sql/queries";
import { toast } from "@/lib/ui/toast";

const ZSaveForm = ZInsightWrite.pick({ name: true }).required();

/** Saves the query and its chart as a SQL insight (a `DataVisualizationNode`), then opens it. */
export function SaveInsightDialog({
  projectId,
  query,
  visualization,
  filters,
  open,
  onOpenChange,
}: {
  projectId: number;
  query: string;
  visualization: SqlVisualization;
  /** What the query's `{filters}` applied when it ran, saved with it. */
  filters?: HogQLFilters;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useMutation(createInsightMutation(projectId));
  const router = useRouter();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save as insight"
      description="The query and its chart are saved; dashboards draw it like any insight."
      schema={ZSaveForm}
      defaultValues={{ name: "" }}
      onSubmit={async (values) => {
        const insight = await create.mutateAsync({
          name: values.name,
          saved: true,
          query: visualizationNode(query, visualization, filters),
        });
        toast.success("Insight saved.");
        onOpenChange(false);
        router.push(`/project/${projectId}/insights/${insight.short_id}`);
      }}
      submitLabel="Save"
      pendingLabel="Saving…"
    >
      {({ register, formState: { errors } }) => (
        <Field label="Name" htmlFor="sql-insight-name" error={fieldErrorText(errors.name, "Use at most 400 characters.")}>
          <Input
            id="sql-insight-name"
            aria-invalid={!!errors.name}
            aria-describedby={fieldMessageId("sql-insight-name")}
            {...register("name")}
          />
        </Field>
      )}
    </FormDialog>
  );
}

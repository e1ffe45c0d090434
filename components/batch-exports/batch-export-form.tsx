"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { initialConfig } from "@/components/batch-exports/destination-fields";
import { FormDialog } from "@/components/form-dialog";
import type { DestinationType } from "@/lib/batch-exports/schemas";
import { publicConfig } from "@/lib/batch-exports/rules";
import { createBatchExportMutation, updateBatchExportMutation } from "@/lib/ui/batch-exports/mutations";
import { toast } from "@/lib/ui/toast";
import type { TBatchExport } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";
import { ExportFields } from "./export-fields";
import { type TFormOutput, type TFormValues, ZCreateForm, ZEditForm, formFields, withoutBlankSecrets } from "./export-form-schema";

/** Creates an export (then opens it), or edits `batchExport`: one form per destination type, the API's own checks. */
export function BatchExportFormDialog({
  open,
  onOpenChange,
  batchExport,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  batchExport?: TBatchExport;
}) {
  const { organization, team } = useMe();
  const router = useRouter();
  const create = useMutation({
    ...createBatchExportMutation(organization.id),
    onSuccess: (created) => {
      onOpenChange(false);
      toast.success(`${created.name} was created.`);
      router.push(`/organization/batch-exports/${created.id}`);
    },
  });
  const update = useMutation({
    ...updateBatchExportMutation(organization.id),
    onSuccess: (saved) => {
      onOpenChange(false);
      toast.success(`${saved.name} was saved.`);
    },
  });
  const editing = !!batchExport;
  const [type, setType] = useState<DestinationType>(batchExport?.destination.type ?? "S3");

  const defaultValues: TFormValues = batchExport
    ? {
        name: batchExport.name,
        team_id: batchExport.team_id,
        model: batchExport.model ?? "events",
        interval: batchExport.interval,
        start_at: batchExport.start_at,
        end_at: batchExport.end_at,
        destination: {
          type: batchExport.destination.type,
          // The API answers without secrets; should one slip through, it still does not go into the form.
          config: {
            ...initialConfig(batchExport.destination.type),
            ...publicConfig(batchExport.destination.type, batchExport.destination.config),
          },
        },
      }
    : {
        name: "",
        team_id: team?.id ?? organization.teams[0]?.id ?? 0,
        model: "events",
        interval: "hour",
        start_at: null,
        end_at: null,
        destination: { type: "S3", config: initialConfig("S3") },
      };

  const submit = async (values: TFormOutput) => {
    if (!batchExport) return create.mutateAsync(values);
    const { team_id: _project, ...changes } = values;
    return update.mutateAsync({
      id: batchExport.id,
      ...changes,
      destination: { type: values.destination.type, config: withoutBlankSecrets(values.destination) },
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setType(batchExport?.destination.type ?? "S3");
      }}
      className="max-h-[92svh] overflow-y-auto sm:max-w-2xl"
      title={batchExport ? `Edit ${batchExport.name}` : "New batch export"}
      description={
        batchExport
          ? "Changes apply from the next run. Runs already done are not redone; backfill to export past intervals again."
          : "Runs start as each interval ends, from the start date if you set one. Backfill to export the past."
      }
      schema={editing ? ZEditForm : ZCreateForm}
      defaultValues={defaultValues}
      fields={formFields(type)}
      onSubmit={(values) => submit(values as TFormOutput)}
      submitLabel={batchExport ? "Save" : "Create export"}
      pendingLabel={batchExport ? "Saving…" : "Creating…"}
    >
      {(form) => <ExportFields form={form as unknown as UseFormReturn<TFormValues>} editing={editing} type={type} onTypeChange={setType} />}
    </FormDialog>
  );
}

"use client";

import { useMutation } from "@tanstack/react-query";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { FormDialog } from "@/components/form-dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { TagsInput } from "@/components/ui/tags-input";
import { updateDefinitionMutation } from "@/lib/ui/data-management/mutations";
import type { DefinitionKind } from "@/lib/ui/query-keys";
import { toast } from "@/lib/ui/toast";

const STATUSES = [
  { value: "none", label: "Neither", hint: "Offered in the pickers as usual." },
  { value: "verified", label: "Verified", hint: "Vouched for: the team can rely on it." },
  { value: "hidden", label: "Hidden", hint: "Left out of the insight builder's pickers; its data stays." },
] as const;

// The API's fields (`verified` and `hidden`, never both) as one choice.
const ZDefinitionForm = z.object({
  description: z.string().max(10_000),
  tags: z.array(z.string().max(255)).max(100),
  status: z.enum(["none", "verified", "hidden"]),
});

interface Editable {
  id: string;
  name: string;
  description: string;
  tags: string[];
  verified: boolean;
  hidden: boolean;
}

/** A definition's description, tags, and whether it is verified or hidden. */
export function EditDefinitionDialog({
  projectId,
  kind,
  definition,
  open,
  onOpenChange,
}: {
  projectId: number;
  kind: DefinitionKind;
  definition: Editable;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useMutation({
    ...updateDefinitionMutation(projectId, kind, definition.id),
    onSuccess: () => {
      onOpenChange(false);
      toast.success(`${definition.name} was saved.`);
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Edit ${definition.name}`}
      schema={ZDefinitionForm}
      defaultValues={{
        description: definition.description,
        tags: definition.tags,
        status: definition.verified ? "verified" : definition.hidden ? "hidden" : "none",
      }}
      fields={["description", "tags", "status"]}
      onSubmit={({ status, ...values }) => update.mutateAsync({ ...values, verified: status === "verified", hidden: status === "hidden" })}
      submitLabel="Save"
      pendingLabel="Saving…"
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <Field label="Description" htmlFor="definition-description" error={errors.description?.message}>
            <Textarea id="definition-description" rows={3} {...register("description")} />
          </Field>
          <Controller control={control} name="tags" render={({ field }) => <TagsInput value={field.value} onChange={field.onChange} />} />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Status</legend>
            {STATUSES.map(({ value, label, hint }) => (
              <label key={value} className="flex items-start gap-2 text-sm">
                <input type="radio" value={value} className="mt-1 accent-primary" {...register("status")} />
                <span className="grid">
                  <span className="font-medium">{label}</span>
                  <span className="text-muted-foreground">{hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </>
      )}
    </FormDialog>
  );
}

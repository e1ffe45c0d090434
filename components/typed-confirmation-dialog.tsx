"use client";

import type { ReactNode } from "react";
import { z } from "zod";
import { FormDialog } from "@/components/form-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

const ZConfirmation = z.object({ typed_name: z.string() });

/** An irreversible deletion, enabled only once the user has typed the name of what goes. */
export function TypedConfirmationDialog({
  open,
  onOpenChange,
  name,
  title,
  description,
  onConfirm,
  confirmLabel,
  pendingLabel = "Deleting…",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the user types to confirm. */
  name: string;
  title: ReactNode;
  description: ReactNode;
  onConfirm: () => Promise<unknown>;
  confirmLabel: string;
  pendingLabel?: string;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      schema={ZConfirmation}
      defaultValues={{ typed_name: "" }}
      canSubmit={({ typed_name }) => typed_name === name}
      onSubmit={onConfirm}
      submitLabel={confirmLabel}
      pendingLabel={pendingLabel}
      submitVariant="destructive"
    >
      {({ register }) => (
        <Field
          label={
            <span>
              Type <strong className="font-semibold">{name}</strong> to confirm
            </span>
          }
          htmlFor="typed-confirmation"
        >
          <Input id="typed-confirmation" autoComplete="off" {...register("typed_name")} />
        </Field>
      )}
    </FormDialog>
  );
}

"use client";

import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/field";
import { errorMessage } from "@/lib/ui/api-client";

/** The confirmed write: its state as a react-query mutation has it. */
interface ConfirmedAction {
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

/**
 * "Are you sure?" before a destructive write. The confirm button is a plain button, not an auto-closing action,
 * so the dialog stays open to show a refusal; closing it clears that refusal.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  action,
  onConfirm,
  confirmLabel,
  pendingLabel,
  cancelLabel = "Cancel",
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  action: ConfirmedAction;
  onConfirm: () => void;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
}) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        action.reset();
        onClose();
      }}
    >
      <AlertDialogContent>
        {open && (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>{title}</AlertDialogTitle>
              <AlertDialogDescription>{description}</AlertDialogDescription>
            </AlertDialogHeader>
            <FormAlert>{action.error ? errorMessage(action.error) : null}</FormAlert>
            <AlertDialogFooter>
              <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
              <Button variant="destructive" disabled={action.isPending} onClick={onConfirm}>
                {action.isPending ? pendingLabel : confirmLabel}
              </Button>
            </AlertDialogFooter>
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}

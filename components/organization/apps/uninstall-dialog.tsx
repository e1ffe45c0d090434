"use client";

import { useMutation } from "@tanstack/react-query";
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
import { uninstallPluginMutation } from "@/lib/ui/pipeline/mutations";
import { toast } from "@/lib/ui/toast";
import type { TPlugin } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

export function UninstallDialog({ family, plugin, onClose }: { family: string; plugin: TPlugin | null; onClose: () => void }) {
  const { organization } = useMe();
  const uninstall = useMutation({
    ...uninstallPluginMutation(organization.id),
    onSuccess: () => {
      toast.success(`${plugin?.name || "The app"} was uninstalled.`);
      onClose();
    },
  });
  return (
    <AlertDialog
      open={!!plugin}
      onOpenChange={(open) => {
        if (open) return;
        uninstall.reset();
        onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Uninstall {plugin?.name || "this app"}?</AlertDialogTitle>
          <AlertDialogDescription>
            Its settings in every project of {organization.name} and its source files are deleted. Installing it again starts from scratch.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {uninstall.error && <FormAlert>{errorMessage(uninstall.error)}</FormAlert>}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={uninstall.isPending} onClick={() => plugin && uninstall.mutate({ family, plugin })}>
            {uninstall.isPending ? "Uninstalling…" : "Uninstall"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

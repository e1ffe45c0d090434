"use client";

import { useMutation } from "@tanstack/react-query";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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
    <ConfirmDialog
      open={!!plugin}
      onClose={onClose}
      title={`Uninstall ${plugin?.name || "this app"}?`}
      description={`Its settings in every project of ${organization.name} and its source files are deleted. Installing it again starts from scratch.`}
      action={uninstall}
      onConfirm={() => plugin && uninstall.mutate({ family, plugin })}
      confirmLabel="Uninstall"
      pendingLabel="Uninstalling…"
    />
  );
}

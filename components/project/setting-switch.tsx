"use client";

import { useMutation } from "@tanstack/react-query";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/ui/utils";
import { errorMessage } from "@/lib/ui/api-client";
import { updateProjectMutation } from "@/lib/ui/organization/mutations";
import { toast } from "@/lib/ui/toast";

/** Saves a project's switches as they are flipped, each answered with a toast. */
export const useProjectSettingMutation = () =>
  useMutation({
    ...updateProjectMutation(),
    onSuccess: () => toast.success("Setting saved."),
    onError: (error) => toast.error(errorMessage(error)),
  });

interface SettingSwitchProps {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (on: boolean) => void;
  className?: string;
}

/** One setting of a settings card: its label and what it does, and the switch they name and describe. */
export function SettingSwitch({ id, label, description, checked, disabled, onCheckedChange, className }: SettingSwitchProps) {
  return (
    <div className={cn("flex items-start justify-between gap-6", className)}>
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch id={id} checked={checked} aria-describedby={`${id}-description`} disabled={disabled} onCheckedChange={onCheckedChange} />
    </div>
  );
}

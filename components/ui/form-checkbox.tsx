import type { ReactNode } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

/** A labelled checkbox bound to one boolean field of a react-hook-form form. */
export function FormCheckbox<T extends FieldValues>({
  control,
  name,
  id,
  label,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  label: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center gap-2">
          <Checkbox id={id} checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
          <Label htmlFor={id}>{label}</Label>
        </div>
      )}
    />
  );
}

import { type Control, Controller } from "react-hook-form";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/ui/utils";
import type { AlertFormInput } from "./alert-form";

type ChoiceName = "condition" | "unit" | "calculation_interval";

/** One labelled choice of the alert form. */
export function Choice({
  control,
  name,
  label,
  options,
  wide = false,
}: {
  control: Control<AlertFormInput>;
  name: ChoiceName;
  label: string;
  options: Record<string, string>;
  /** Across both columns. */
  wide?: boolean;
}) {
  const id = `alert-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className={cn("grid gap-1.5", wide && "col-span-2")}>
          <Label htmlFor={id}>{label}</Label>
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger id={id} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {Object.entries(options).map(([value, text]) => (
                <SelectItem key={value} value={value}>
                  {text}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
    />
  );
}

import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/ui/utils";

/** A labelled select bound to one string field of a react-hook-form form; `options` maps each value to its text. */
export function FormChoice<T extends FieldValues>({
  control,
  name,
  id,
  label,
  options,
  className,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  label: string;
  options: Record<string, string>;
  className?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className={cn("grid gap-2", className)}>
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

import { CircleAlertIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/ui/utils";

/**
 * A labelled form control with its hint and validation message. The control gets `id={htmlFor}` and
 * should set `aria-invalid` and `aria-describedby={fieldMessageId(htmlFor)}` when `error` is given.
 */
export function Field({
  label,
  htmlFor,
  description,
  error,
  children,
  className,
}: {
  label: ReactNode;
  htmlFor: string;
  description?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {error ? (
        <p id={fieldMessageId(htmlFor)} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        description && (
          <p id={fieldMessageId(htmlFor)} className="text-sm text-muted-foreground">
            {description}
          </p>
        )
      )}
    </div>
  );
}

export const fieldMessageId = (id: string) => `${id}-message`;

/** A form-level error, such as the API's `detail` when a request was refused. */
export function FormAlert({ children, className, ...props }: ComponentProps<"div">) {
  if (!children) return null;
  return (
    <div
      {...props}
      role="alert"
      className={cn(
        "flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/8 px-3 py-2 text-sm text-destructive",
        className,
      )}
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </div>
  );
}

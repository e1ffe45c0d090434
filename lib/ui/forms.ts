import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiRequestError, errorMessage } from "@/lib/ui/api-client";

/**
 * Shows a refused request where it belongs: on the field the API named in `attr` when the form has it,
 * otherwise as the returned form-level message.
 */
export function applyApiError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: readonly Path<T>[]): string | null {
  if (error instanceof ApiRequestError && error.attr && (fields as readonly string[]).includes(error.attr)) {
    form.setError(error.attr as Path<T>, { type: "server", message: error.detail }, { shouldFocus: true });
    return null;
  }
  return errorMessage(error);
}

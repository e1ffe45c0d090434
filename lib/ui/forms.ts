import type { FieldError, FieldValues, Path, Resolver, UseFormSetError } from "react-hook-form";
import { ApiRequestError, errorMessage } from "@/lib/ui/api-client";

/**
 * Where a refused request's message belongs. The API names the field at fault in `attr`, nested keys joined by
 * `__` as DRF does (`scopes__0`, `events__1__properties__0__key`); the message goes on the deepest of the
 * form's `fields` (dotted paths, as react-hook-form names them) that the attr is or lies within, otherwise
 * above the form (`field: null`).
 */
export function placeApiError(error: unknown, fields: readonly string[]): { field: string | null; message: string } {
  if (error instanceof ApiRequestError && error.attr) {
    const segments = error.attr.split("__");
    for (let length = segments.length; length > 0; length--) {
      const path = segments.slice(0, length).join(".");
      if (fields.includes(path)) return { field: path, message: error.detail };
    }
  }
  return { field: null, message: errorMessage(error) };
}

/** Puts a refused request's message on its field (see `placeApiError`); returns the form-level message, if any. */
export function applyApiError<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  fields: readonly Path<T>[],
): string | null {
  const { field, message } = placeApiError(error, fields);
  if (field === null) return message;
  form.setError(field as Path<T>, { type: "server", message }, { shouldFocus: true });
  return null;
}

/** A field's message: the API's own words for a refusal, otherwise `hint` (when given) for what the schema refused. */
export const fieldErrorText = (error: Pick<FieldError, "type" | "message"> | undefined, hint?: string) =>
  error && (error.type === "server" || !hint ? error.message : hint);

/**
 * A resolver loaded on the form's first check (its first submit) rather than with the page: a form shown on a page
 * keeps its zod schema, and zod itself, out of the page's first load. `load` imports a module exporting the
 * `zodResolver` of the form's schema.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => (await (loading ??= load()))(values, context, options);
}

import { z } from "zod";
import { SECRET_FIELD_VALUE } from "./secret";
import type { TConfigField } from "./schemas";

/** The fields of a settings form that take a value (markdown is text to read), from a stored `config_schema`. */
export function configFields(schema: unknown): TConfigField[] {
  return Array.isArray(schema) ? (schema as TConfigField[]) : [];
}

const valueFields = (schema: unknown) =>
  configFields(schema).filter((field) => field.key && field.type !== "markdown" && field.type !== "attachment");

/** A secret that is already stored: the form leaves it empty, and empty keeps it. */
export const isSavedSecret = (field: TConfigField, stored: Record<string, unknown> | undefined) =>
  !!field.secret && stored?.[field.key!] === SECRET_FIELD_VALUE;

/**
 * The zod schema of an app's settings form: required fields must be filled when the app is enabled, except
 * secrets already saved (they are write-only: the form never holds them).
 */
export function configFormSchema(schema: unknown, stored: Record<string, unknown> | undefined) {
  const shape: Record<string, z.ZodString> = {};
  for (const field of valueFields(schema)) shape[field.key!] = z.string().max(10_000);
  return z.object({ enabled: z.boolean(), config: z.object(shape) }).superRefine((values, ctx) => {
    if (!values.enabled) return;
    for (const field of valueFields(schema)) {
      if (field.required && !values.config[field.key!]?.trim() && !isSavedSecret(field, stored))
        ctx.addIssue({ code: "custom", message: "This field is required.", path: ["config", field.key!] });
    }
  });
}

/** The form's starting values: stored values (not secrets), else each field's default. */
export function configFormDefaults(schema: unknown, stored: Record<string, unknown> | undefined, enabled: boolean) {
  const config: Record<string, string> = {};
  for (const field of valueFields(schema)) {
    const value = stored?.[field.key!];
    config[field.key!] = field.secret
      ? ""
      : value !== undefined && value !== null
        ? String(value)
        : field.default !== undefined
          ? String(field.default)
          : "";
  }
  return { enabled, config };
}

/** What to send: every value, but secrets left empty are left out (the stored one stays). */
export function configToSave(schema: unknown, values: Record<string, string>): Record<string, string> {
  const secrets = new Set(
    valueFields(schema)
      .filter((f) => f.secret)
      .map((f) => f.key!),
  );
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => !(secrets.has(key) && value === "")));
}

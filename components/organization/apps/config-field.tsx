"use client";

import { Controller, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { type configFormSchema, isSavedSecret } from "@/lib/plugins/config-form";
import type { TConfigField } from "@/lib/plugins/schemas";
import { fieldErrorText } from "@/lib/ui/forms";

type ConfigFormSchema = ReturnType<typeof configFormSchema>;
type ConfigForm = UseFormReturn<z.input<ConfigFormSchema>, unknown, z.output<ConfigFormSchema>>;

/** One field of an app's settings form, drawn by its `config_schema` type; a saved secret is never shown. */
export function ConfigField({
  field,
  form,
  stored,
}: {
  field: TConfigField;
  form: ConfigForm;
  stored: Record<string, unknown> | undefined;
}) {
  if (field.type === "markdown" || !field.key) return <p className="text-sm whitespace-pre-wrap text-muted-foreground">{field.markdown}</p>;
  const id = `config-${field.key}`;
  const errors = form.formState.errors.config as Record<string, { type: string; message?: string }> | undefined;
  const error = fieldErrorText(errors?.[field.key]);
  const label = `${field.name || field.key}${field.required ? " *" : ""}`;
  if (field.type === "attachment")
    return (
      <Field label={label} htmlFor={id} description="File settings are not supported in Hedgerow.">
        <Input id={id} disabled />
      </Field>
    );
  const described = { "aria-invalid": !!error, "aria-describedby": fieldMessageId(id) };
  const hint = isSavedSecret(field, stored) ? "Saved. Leave empty to keep it, or type a new value." : field.hint;
  return (
    <Field label={label} htmlFor={id} description={hint} error={error}>
      {field.type === "choice" ? (
        <Controller
          control={form.control}
          name={`config.${field.key}`}
          render={({ field: control }) => (
            <Select value={control.value || undefined} onValueChange={control.onChange}>
              <SelectTrigger id={id} {...described}>
                <SelectValue placeholder="Choose…" />
              </SelectTrigger>
              <SelectContent>
                {(field.choices ?? []).map((choice) => (
                  <SelectItem key={choice} value={choice}>
                    {choice}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      ) : field.type === "json" ? (
        <Textarea id={id} className="font-mono" {...described} {...form.register(`config.${field.key}`)} />
      ) : (
        <Input
          id={id}
          type={field.secret ? "password" : "text"}
          autoComplete={field.secret ? "new-password" : "off"}
          {...described}
          {...form.register(`config.${field.key}`)}
        />
      )}
    </Field>
  );
}

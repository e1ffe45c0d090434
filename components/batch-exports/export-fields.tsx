"use client";

import { useMutation } from "@tanstack/react-query";
import { CircleAlertIcon, CircleCheckIcon, PlugZapIcon } from "lucide-react";
import { useState } from "react";
import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { DateTimeInput } from "@/components/batch-exports/date-time-input";
import { DESTINATION_FIELDS, DestinationFields, initialConfig } from "@/components/batch-exports/destination-fields";
import { DESTINATIONS, DestinationLabel, INTERVALS, MODELS } from "@/components/batch-exports/labels";
import { Button } from "@/components/ui/button";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { BATCH_EXPORT_INTERVALS, DESTINATION_TYPES, SECRET_CONFIG_FIELDS, type DestinationType } from "@/lib/batch-exports/schemas";
import { errorMessage } from "@/lib/ui/api-client";
import { fieldErrorText } from "@/lib/ui/forms";
import { testBatchExportDestinationMutation } from "@/lib/ui/batch-exports/mutations";
import { useMe } from "@/lib/ui/use-me";
import type { TFormValues } from "./export-form-schema";

/** The project an export reads; fixed once it exists. */
function ProjectField({ form, editing }: { form: UseFormReturn<TFormValues>; editing: boolean }) {
  const { organization } = useMe();
  const errors = form.formState.errors;
  const control = form.control;
  return (
    <Field
      label="Project"
      htmlFor="export-project"
      error={fieldErrorText(errors.team_id)}
      description={editing ? "An export stays with its project." : undefined}
    >
      <Controller
        control={control}
        name="team_id"
        render={({ field }) => (
          <Select value={String(field.value)} onValueChange={(value) => field.onChange(Number(value))} disabled={editing}>
            <SelectTrigger
              id="export-project"
              className="w-full"
              aria-invalid={!!errors.team_id}
              aria-describedby={fieldMessageId("export-project")}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {organization.teams.map((team) => (
                <SelectItem key={team.id} value={String(team.id)}>
                  {team.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Field>
  );
}

/** The destination type; choosing another starts its config afresh. Fixed once the export exists. */
function DestinationSelect({
  form,
  editing,
  type,
  onTypeChange,
}: {
  form: UseFormReturn<TFormValues>;
  editing: boolean;
  type: DestinationType;
  onTypeChange: (type: DestinationType) => void;
}) {
  return (
    <Field
      label="Destination"
      htmlFor="export-destination"
      description={
        editing ? "An export keeps its destination type; create another export for another type." : DESTINATIONS[type].description
      }
      className="sm:col-span-2"
    >
      <Select
        value={type}
        disabled={editing}
        onValueChange={(value) => {
          const next = value as DestinationType;
          form.setValue("destination", { type: next, config: initialConfig(next) } as TFormValues["destination"]);
          form.clearErrors("destination");
          onTypeChange(next);
        }}
      >
        <SelectTrigger id="export-destination" className="w-full sm:w-72" aria-describedby={fieldMessageId("export-destination")}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {DESTINATION_TYPES.map((value) => (
            <SelectItem key={value} value={value}>
              <DestinationLabel type={value} />
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}

export function ExportFields({
  form,
  editing,
  type,
  onTypeChange,
}: {
  form: UseFormReturn<TFormValues>;
  editing: boolean;
  type: DestinationType;
  onTypeChange: (type: DestinationType) => void;
}) {
  const { register, formState } = form;
  const errors = formState.errors;
  const configErrors = (errors.destination as { config?: Record<string, never> } | undefined)?.config;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Name" htmlFor="export-name" error={fieldErrorText(errors.name, "Enter a name.")}>
        <Input
          id="export-name"
          autoComplete="off"
          aria-invalid={!!errors.name}
          aria-describedby={fieldMessageId("export-name")}
          {...register("name")}
        />
      </Field>
      <ProjectField form={form} editing={editing} />
      <ChoiceField form={form} name="model" label="Exports" options={MODELS} />
      <ChoiceField form={form} name="interval" label="Every" options={INTERVALS} order={BATCH_EXPORT_INTERVALS} />
      <BoundField form={form} name="start_at" label="Start (optional)" description="No run covers time before it." />
      <BoundField form={form} name="end_at" label="End (optional)" description="No run covers time after it." />
      <fieldset className="grid gap-4 border-t pt-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="sr-only">Destination</legend>
        <DestinationSelect form={form} editing={editing} type={type} onTypeChange={onTypeChange} />
        <DestinationFields key={type} type={type} form={form as never} editing={editing} errors={configErrors} />
        <ConnectionTest form={form} type={type} editing={editing} />
      </fieldset>
    </div>
  );
}

/** A date-time bound of the export (its start or end), optional. */
function BoundField({
  form,
  name,
  label,
  description,
}: {
  form: UseFormReturn<TFormValues>;
  name: "start_at" | "end_at";
  label: string;
  description: string;
}) {
  const id = name === "start_at" ? "export-start" : "export-end";
  const error = form.formState.errors[name];
  return (
    <Field label={label} htmlFor={id} description={description} error={fieldErrorText(error, "Pick a date and time.")}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <DateTimeInput
            id={id}
            value={field.value}
            onChange={field.onChange}
            aria-invalid={!!error}
            aria-describedby={fieldMessageId(id)}
          />
        )}
      />
    </Field>
  );
}

function ChoiceField<K extends "model" | "interval">({
  form,
  name,
  label,
  options,
  order,
}: {
  form: UseFormReturn<TFormValues>;
  name: K;
  label: string;
  options: Record<string, string>;
  order?: readonly string[];
}) {
  const id = `export-${name}`;
  const error = form.formState.errors[name];
  return (
    <Field label={label} htmlFor={id} error={fieldErrorText(error)}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select value={String(field.value)} onValueChange={field.onChange}>
            <SelectTrigger id={id} className="w-full" aria-invalid={!!error} aria-describedby={fieldMessageId(id)}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(order ?? Object.keys(options)).map((value) => (
                <SelectItem key={value} value={value}>
                  {options[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Field>
  );
}

/**
 * Tries the destination as the form has it now (the form's own checks first), and says what happened. Editing, the
 * stored secrets never come back to the browser, so a test needs the required ones typed again.
 */
function ConnectionTest({ form, type, editing }: { form: UseFormReturn<TFormValues>; type: DestinationType; editing: boolean }) {
  const { organization } = useMe();
  const test = useMutation(testBatchExportDestinationMutation(organization.id));
  const destination = useWatch({ control: form.control, name: "destination" });
  const [testedWith, setTestedWith] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  // A result says nothing about settings changed since.
  const current = testedWith === JSON.stringify(destination);
  if (type === "NoOp") return null;

  const run = async () => {
    setMissing(null);
    if (!(await form.trigger("destination", { shouldFocus: true }))) return;
    const { config } = form.getValues().destination as { config: Record<string, unknown> };
    const blank = editing
      ? DESTINATION_FIELDS[type].find(
          (field) => field.initial === "" && SECRET_CONFIG_FIELDS[type].includes(field.key) && config[field.key] === undefined,
        )
      : undefined;
    if (blank) {
      setMissing(`Type the ${blank.label.toLowerCase()} to test: the stored one is never sent back to the browser.`);
      return;
    }
    setTestedWith(JSON.stringify(destination));
    test.mutate({ destination: { type, config } });
  };
  const outcome = missing
    ? { ok: false, detail: missing }
    : current && !test.isPending
      ? (test.data ?? (test.error && { ok: false, detail: errorMessage(test.error) }))
      : null;
  return (
    <div className="grid gap-2 sm:col-span-2">
      <div>
        <Button type="button" variant="outline" onClick={run} disabled={test.isPending}>
          <PlugZapIcon /> {test.isPending ? "Testing…" : "Test connection"}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {outcome && (
          <p className={`flex items-start gap-2 text-sm ${outcome.ok ? "text-primary" : "text-destructive"}`}>
            {outcome.ok ? <CircleCheckIcon className="mt-0.5 size-4 shrink-0" /> : <CircleAlertIcon className="mt-0.5 size-4 shrink-0" />}
            <span>{outcome.detail}</span>
          </p>
        )}
      </div>
    </div>
  );
}

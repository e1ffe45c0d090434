"use client";

import { useMutation } from "@tanstack/react-query";
import { CircleAlertIcon, CircleCheckIcon, PlugZapIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { DateTimeInput } from "@/components/batch-exports/date-time-input";
import { DESTINATION_FIELDS, DestinationFields, initialConfig } from "@/components/batch-exports/destination-fields";
import { DESTINATIONS, DestinationLabel, INTERVALS, MODELS } from "@/components/batch-exports/labels";
import { FormDialog } from "@/components/form-dialog";
import { Button } from "@/components/ui/button";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import {
  BATCH_EXPORT_INTERVALS,
  BATCH_EXPORT_MODELS,
  DESTINATION_CONFIG_SCHEMAS,
  DESTINATION_TYPES,
  SECRET_CONFIG_FIELDS,
  ZBatchExportCreate,
  type DestinationType,
} from "@/lib/batch-exports/schemas";
import { publicConfig } from "@/lib/batch-exports/rules";
import { errorMessage } from "@/lib/ui/api-client";
import { fieldErrorText } from "@/lib/ui/forms";
import { createBatchExportMutation, testBatchExportDestinationMutation, updateBatchExportMutation } from "@/lib/ui/batch-exports/mutations";
import { toast } from "@/lib/ui/toast";
import type { TBatchExport } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

/** The export's own fields, checked as the API checks them; the destination's config by its type's schema. */
const exportFields = ZBatchExportCreate.pick({ name: true, interval: true, start_at: true, end_at: true }).extend({
  model: z.enum(BATCH_EXPORT_MODELS),
  team_id: z.number().int().positive(),
});

/**
 * Editing, the secrets the API never returns may stay blank (the stored ones are kept), so they are optional and
 * have no default (a default would overwrite them).
 */
const destinationSchema = (editing: boolean) =>
  z.discriminatedUnion(
    "type",
    DESTINATION_TYPES.map((type) => {
      const config = DESTINATION_CONFIG_SCHEMAS[type] as z.ZodObject;
      const secrets = Object.fromEntries(SECRET_CONFIG_FIELDS[type].map((key) => [key, z.string().max(1_000).optional()]));
      return z.object({ type: z.literal(type), config: editing ? config.extend(secrets) : config });
    }) as unknown as [z.ZodObject, ...z.ZodObject[]],
  );

const ZCreateForm = exportFields.extend({ destination: destinationSchema(false) });
const ZEditForm = exportFields.extend({ destination: destinationSchema(true) });
type TFormValues = z.input<typeof ZCreateForm>;
type TFormOutput = z.output<typeof ZCreateForm> & { destination: { type: DestinationType; config: Record<string, unknown> } };

/** Every path an API error's `attr` may name (`destination__config__host` lands on the host field). */
const formFields = (type: DestinationType) => [
  ...Object.keys(exportFields.shape),
  "destination",
  "destination.type",
  "destination.config",
  ...DESTINATION_FIELDS[type].map((field) => `destination.config.${field.key}`),
];

/** Creates an export (then opens it), or edits `batchExport`: one form per destination type, the API's own checks. */
export function BatchExportFormDialog({
  open,
  onOpenChange,
  batchExport,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  batchExport?: TBatchExport;
}) {
  const { organization, team } = useMe();
  const router = useRouter();
  const create = useMutation({
    ...createBatchExportMutation(organization.id),
    onSuccess: (created) => {
      onOpenChange(false);
      toast.success(`${created.name} was created.`);
      router.push(`/organization/batch-exports/${created.id}`);
    },
  });
  const update = useMutation({
    ...updateBatchExportMutation(organization.id),
    onSuccess: (saved) => {
      onOpenChange(false);
      toast.success(`${saved.name} was saved.`);
    },
  });
  const editing = !!batchExport;
  const [type, setType] = useState<DestinationType>(batchExport?.destination.type ?? "S3");

  const defaultValues: TFormValues = batchExport
    ? {
        name: batchExport.name,
        team_id: batchExport.team_id,
        model: batchExport.model ?? "events",
        interval: batchExport.interval,
        start_at: batchExport.start_at,
        end_at: batchExport.end_at,
        destination: {
          type: batchExport.destination.type,
          // The API answers without secrets; should one slip through, it still does not go into the form.
          config: {
            ...initialConfig(batchExport.destination.type),
            ...publicConfig(batchExport.destination.type, batchExport.destination.config),
          },
        },
      }
    : {
        name: "",
        team_id: team?.id ?? organization.teams[0]?.id ?? 0,
        model: "events",
        interval: "hour",
        start_at: null,
        end_at: null,
        destination: { type: "S3", config: initialConfig("S3") },
      };

  const submit = async (values: TFormOutput) => {
    if (!batchExport) return create.mutateAsync(values);
    const { team_id: _project, ...changes } = values;
    return update.mutateAsync({
      id: batchExport.id,
      ...changes,
      destination: { type: values.destination.type, config: withoutBlankSecrets(values.destination) },
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setType(batchExport?.destination.type ?? "S3");
      }}
      className="max-h-[92svh] overflow-y-auto sm:max-w-2xl"
      title={batchExport ? `Edit ${batchExport.name}` : "New batch export"}
      description={
        batchExport
          ? "Changes apply from the next run. Runs already done are not redone; backfill to export past intervals again."
          : "Runs start as each interval ends, from the start date if you set one. Backfill to export the past."
      }
      schema={editing ? ZEditForm : ZCreateForm}
      defaultValues={defaultValues}
      fields={formFields(type)}
      onSubmit={(values) => submit(values as TFormOutput)}
      submitLabel={batchExport ? "Save" : "Create export"}
      pendingLabel={batchExport ? "Saving…" : "Creating…"}
    >
      {(form) => <ExportFields form={form as unknown as UseFormReturn<TFormValues>} editing={editing} type={type} onTypeChange={setType} />}
    </FormDialog>
  );
}

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

function ExportFields({
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
  const { register, control, formState } = form;
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
      <Field
        label="Start (optional)"
        htmlFor="export-start"
        description="No run covers time before it."
        error={fieldErrorText(errors.start_at, "Pick a date and time.")}
      >
        <Controller
          control={control}
          name="start_at"
          render={({ field }) => (
            <DateTimeInput
              id="export-start"
              value={field.value}
              onChange={field.onChange}
              aria-invalid={!!errors.start_at}
              aria-describedby={fieldMessageId("export-start")}
            />
          )}
        />
      </Field>
      <Field
        label="End (optional)"
        htmlFor="export-end"
        description="No run covers time after it."
        error={fieldErrorText(errors.end_at, "Pick a date and time.")}
      >
        <Controller
          control={control}
          name="end_at"
          render={({ field }) => (
            <DateTimeInput
              id="export-end"
              value={field.value}
              onChange={field.onChange}
              aria-invalid={!!errors.end_at}
              aria-describedby={fieldMessageId("export-end")}
            />
          )}
        />
      </Field>
      <fieldset className="grid gap-4 border-t pt-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="sr-only">Destination</legend>
        <DestinationSelect form={form} editing={editing} type={type} onTypeChange={onTypeChange} />
        <DestinationFields key={type} type={type} form={form as never} editing={editing} errors={configErrors} />
        <ConnectionTest form={form} type={type} editing={editing} />
      </fieldset>
    </div>
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

/** What an edit sends: blank secrets are left out, so PATCH's merge keeps the stored ones. */
function withoutBlankSecrets({ config }: { config: Record<string, unknown> }) {
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined));
}

"use client";

import { useState } from "react";
import { Controller, type FieldError, type UseFormReturn } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { SECRET_CONFIG_FIELDS, type DestinationType } from "@/lib/batch-exports/schemas";
import { fieldErrorText } from "@/lib/ui/forms";

/** How one config field is edited; its validation is the API's own schema of the destination's config. */
type ConfigField = { key: string; label: string; hint?: string; placeholder?: string } & (
  | { kind: "text"; initial: string | null }
  | { kind: "number"; initial: number }
  | { kind: "checkbox"; initial: boolean }
  | { kind: "select"; initial: string | null; options: { value: string | null; label: string }[] }
  | { kind: "events"; initial: null }
);

const eventFilters: ConfigField[] = [
  {
    key: "include_events",
    label: "Only these events",
    kind: "events",
    initial: null,
    hint: "Comma-separated event names; empty: every event.",
    placeholder: "$pageview, sign_up",
  },
  {
    key: "exclude_events",
    label: "Except these events",
    kind: "events",
    initial: null,
    hint: "Comma-separated event names to leave out.",
    placeholder: "$feature_flag_called",
  },
];

const postgresFields = (port: number): ConfigField[] => [
  { key: "host", label: "Host", kind: "text", initial: "", placeholder: "db.example.com" },
  { key: "port", label: "Port", kind: "number", initial: port },
  { key: "database", label: "Database", kind: "text", initial: "" },
  { key: "schema", label: "Schema", kind: "text", initial: "public" },
  { key: "table_name", label: "Table", kind: "text", initial: "events", hint: "Created with PostHog's columns if it does not exist." },
  { key: "user", label: "User", kind: "text", initial: "" },
  { key: "password", label: "Password", kind: "text", initial: "" },
  { key: "has_self_signed_cert", label: "The server's certificate is self-signed", kind: "checkbox", initial: false },
];

export const DESTINATION_FIELDS: Record<DestinationType, ConfigField[]> = {
  S3: [
    { key: "bucket_name", label: "Bucket", kind: "text", initial: "" },
    { key: "region", label: "Region", kind: "text", initial: "", placeholder: "us-east-1" },
    {
      key: "prefix",
      label: "Key prefix",
      kind: "text",
      initial: "",
      hint: "Each interval is written to one file under it, named after the interval.",
      placeholder: "posthog-events/",
    },
    {
      key: "endpoint_url",
      label: "Endpoint URL",
      kind: "text",
      initial: null,
      hint: "For S3-compatible stores (MinIO, R2…); empty for AWS.",
      placeholder: "https://s3.example.com",
    },
    { key: "aws_access_key_id", label: "Access key ID", kind: "text", initial: null },
    { key: "aws_secret_access_key", label: "Secret access key", kind: "text", initial: null },
    {
      key: "compression",
      label: "Compression",
      kind: "select",
      initial: null,
      options: [
        { value: null, label: "None" },
        { value: "gzip", label: "gzip" },
        { value: "brotli", label: "Brotli" },
      ],
    },
    {
      key: "encryption",
      label: "Server-side encryption",
      kind: "select",
      initial: null,
      options: [
        { value: null, label: "None" },
        { value: "AES256", label: "AES-256" },
        { value: "aws:kms", label: "AWS KMS" },
      ],
    },
    { key: "kms_key_id", label: "KMS key ID", kind: "text", initial: null, hint: "With AWS KMS encryption only." },
    ...eventFilters,
  ],
  Postgres: [...postgresFields(5432), ...eventFilters],
  Redshift: [
    ...postgresFields(5439),
    {
      key: "properties_data_type",
      label: "Type of the JSON columns",
      kind: "select",
      initial: "varchar",
      options: [
        { value: "varchar", label: "VARCHAR" },
        { value: "super", label: "SUPER" },
      ],
    },
    ...eventFilters,
  ],
  HTTP: [
    {
      key: "url",
      label: "URL",
      kind: "text",
      initial: "",
      placeholder: "https://eu.i.posthog.com/batch/",
      hint: "Batches are POSTed here; each event carries its uuid, so the receiver can drop repeats.",
    },
    { key: "token", label: "Token", kind: "text", initial: "", hint: "Sent as the batches' api_key." },
    ...eventFilters,
  ],
  NoOp: [],
};

/** A new config of the type: every field at its starting value. */
export const initialConfig = (type: DestinationType) =>
  Object.fromEntries(DESTINATION_FIELDS[type].map((field) => [field.key, field.initial]));

/** Radix's select items can't have an empty value; this one stands for null. */
const NONE = "none";

/**
 * The fields of one destination type's config. Editing, secrets are blank: the API never sends them back, and a
 * blank one is left out of the update, so the stored value stays, unless the update points the export elsewhere
 * (another host, port, database, user, URL, bucket, region or endpoint): then the API asks for the secrets again.
 */
export function DestinationFields({
  type,
  form,
  editing,
  errors,
}: {
  type: DestinationType;
  // The dialog's form: its values type is the schema's input, which these fields only read by path.
  form: UseFormReturn<never>;
  editing: boolean;
  errors: Record<string, FieldError | undefined> | undefined;
}) {
  const { register, control } = form as unknown as UseFormReturn<{ destination: { config: Record<string, unknown> } }>;
  const fields = DESTINATION_FIELDS[type];
  if (!fields.length)
    return (
      <p className="text-sm text-muted-foreground sm:col-span-2">
        A no-op export has no settings: its runs read each interval and write nothing.
      </p>
    );
  return fields.map((field) => {
    const id = `config-${field.key}`;
    const name = `destination.config.${field.key}` as const;
    const error = errors?.[field.key];
    const described = { "aria-invalid": !!error, "aria-describedby": fieldMessageId(id) };
    const secret = SECRET_CONFIG_FIELDS[type].includes(field.key);
    switch (field.kind) {
      case "checkbox":
        return (
          <div key={field.key} className="flex items-center gap-2 sm:col-span-2">
            <Controller
              control={control}
              name={name}
              render={({ field: control }) => (
                <Checkbox id={id} checked={control.value === true} onCheckedChange={(checked) => control.onChange(checked === true)} />
              )}
            />
            <Label htmlFor={id}>{field.label}</Label>
          </div>
        );
      case "select":
        return <ConfigSelect key={field.key} field={field} id={id} control={control} name={name} described={described} error={error} />;
      case "events":
        return (
          <Field
            key={field.key}
            label={field.label}
            htmlFor={id}
            description={field.hint}
            error={fieldErrorText(error)}
            className="sm:col-span-2"
          >
            <Controller
              control={control}
              name={name}
              render={({ field: control }) => (
                <EventNamesInput
                  id={id}
                  value={control.value as string[] | null}
                  onChange={control.onChange}
                  placeholder={field.placeholder}
                  {...described}
                />
              )}
            />
          </Field>
        );
      case "number":
        return (
          <Field
            key={field.key}
            label={field.label}
            htmlFor={id}
            description={field.hint}
            error={fieldErrorText(error, "A whole number from 1 to 65535.")}
          >
            <Input id={id} type="number" inputMode="numeric" {...described} {...register(name, { valueAsNumber: true })} />
          </Field>
        );
      default:
        return (
          <ConfigText
            key={field.key}
            field={field}
            id={id}
            register={register}
            name={name}
            described={described}
            error={error}
            secret={secret}
            editing={editing}
          />
        );
    }
  });
}

type Described = { "aria-invalid": boolean; "aria-describedby": string };
type ConfigControl = UseFormReturn<{ destination: { config: Record<string, unknown> } }>["control"];
type ConfigRegister = UseFormReturn<{ destination: { config: Record<string, unknown> } }>["register"];
type ConfigName = `destination.config.${string}`;

/** A config field chosen from a list; `null` options stand for "none". */
function ConfigSelect({
  field,
  id,
  control,
  name,
  described,
  error,
}: {
  field: Extract<ConfigField, { kind: "select" }>;
  id: string;
  control: ConfigControl;
  name: ConfigName;
  described: Described;
  error: FieldError | undefined;
}) {
  return (
    <Field label={field.label} htmlFor={id} description={field.hint} error={fieldErrorText(error)}>
      <Controller
        control={control}
        name={name}
        render={({ field: control }) => (
          <Select
            value={(control.value as string | null) ?? NONE}
            onValueChange={(value) => control.onChange(value === NONE ? null : value)}
          >
            <SelectTrigger id={id} className="w-full" {...described}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {field.options.map((option) => (
                <SelectItem key={option.value ?? NONE} value={option.value ?? NONE}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Field>
  );
}

/** A text config field; a secret is a password input that, when editing, keeps the stored value if left empty. */
function ConfigText({
  field,
  id,
  register,
  name,
  described,
  error,
  secret,
  editing,
}: {
  field: ConfigField;
  id: string;
  register: ConfigRegister;
  name: ConfigName;
  described: Described;
  error: FieldError | undefined;
  secret: boolean;
  editing: boolean;
}) {
  const nullable = field.initial === null;
  return (
    <Field
      label={field.label}
      htmlFor={id}
      description={
        secret && editing
          ? (nullable ? "Never shown — leave empty to keep the stored one, if any" : "Set — leave empty to keep it") +
            ", unless the export is pointed elsewhere."
          : field.hint
      }
      error={fieldErrorText(error, field.initial === "" && !secret ? "Required." : undefined)}
    >
      <Input
        id={id}
        type={secret ? "password" : "text"}
        autoComplete={secret ? "new-password" : "off"}
        placeholder={field.placeholder}
        {...described}
        {...register(name, {
          // Blank means "no value" for optional fields, and "keep the stored one" for secrets when editing.
          setValueAs: (value: string | null | undefined) =>
            value === "" || value === undefined ? (secret && editing ? undefined : nullable ? null : "") : value,
        })}
      />
    </Field>
  );
}

/** Event names typed as a comma-separated list, held as the API's list (null when empty). */
function EventNamesInput({
  value,
  onChange,
  ...props
}: {
  id: string;
  value: string[] | null;
  onChange: (value: string[] | null) => void;
  placeholder?: string;
  "aria-invalid": boolean;
  "aria-describedby": string;
}) {
  const [draft, setDraft] = useState(() => (value ?? []).join(", "));
  return (
    <Input
      autoComplete="off"
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        const names = event.target.value
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean);
        onChange(names.length ? names : null);
      }}
      {...props}
    />
  );
}

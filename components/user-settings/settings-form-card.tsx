import type { FormEventHandler, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FormAlert, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** One settings form in a card: its fields, a refusal the API gave no field for, and its save button. */
export function SettingsFormCard({
  title,
  description,
  failure,
  onSubmit,
  submitting,
  dirty,
  submitLabel = "Save",
  children,
}: {
  title: string;
  description: ReactNode;
  failure: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  dirty: boolean;
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <form onSubmit={onSubmit} noValidate className="contents">
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormAlert>{failure}</FormAlert>
          {children}
        </CardContent>
        <CardFooter className="justify-end border-t pt-5">
          <Button type="submit" disabled={!dirty || submitting}>
            {submitting ? "Saving…" : submitLabel}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/** A labelled input of a settings form, bound to react-hook-form, with its message. */
export function TextField({
  id,
  label,
  error,
  type = "text",
  autoComplete,
  registration,
}: {
  id: string;
  label: string;
  error: string | undefined;
  type?: "text" | "email" | "password";
  autoComplete: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field label={label} htmlFor={id} className="max-w-md" error={error}>
      <Input
        id={id}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={!!error}
        aria-describedby={fieldMessageId(id)}
        {...registration}
      />
    </Field>
  );
}

"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from "react-hook-form";
import type { TEmailForm, TNameForm, TPasswordForm } from "@/components/user-settings/resolvers";
import { SettingsFormCard, TextField } from "@/components/user-settings/settings-form-card";
import { applyApiError, fieldErrorText, lazyResolver } from "@/lib/ui/forms";
import { updateMeMutation } from "@/lib/ui/account/mutations";
import { toast } from "@/lib/ui/toast";
import { useMe } from "@/lib/ui/use-me";

const resolvers = () => import("@/components/user-settings/resolvers");
const nameResolver = lazyResolver<TNameForm>(() => resolvers().then((m) => m.nameResolver));
const emailResolver = lazyResolver<TEmailForm>(() => resolvers().then((m) => m.emailResolver));
const passwordResolver = lazyResolver<TPasswordForm>(() => resolvers().then((m) => m.passwordResolver));

/**
 * A card's form: `save` sends the values (a refusal lands on `fields` or in the card's alert) and answers what the
 * form shows next; then `saved` is toasted.
 */
function useAccountForm<T extends FieldValues>({
  resolver,
  defaultValues,
  fields,
  save,
  saved,
}: {
  resolver: Resolver<T>;
  defaultValues: DefaultValues<T>;
  fields: Path<T>[];
  save: (values: T) => Promise<T>;
  saved: string;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<T>({ resolver, defaultValues });
  const { isSubmitting, isDirty } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    let next: T;
    try {
      next = await save(values);
    } catch (error) {
      setFailure(applyApiError(form, error, fields));
      return;
    }
    form.reset(next);
    toast.success(saved);
  });
  return { form, card: { failure, onSubmit, submitting: isSubmitting, dirty: isDirty } };
}

export function NameCard() {
  const me = useMe();
  const update = useMutation(updateMeMutation());
  const { form, card } = useAccountForm<TNameForm>({
    resolver: nameResolver,
    defaultValues: { first_name: me.first_name, last_name: me.last_name },
    fields: ["first_name", "last_name"],
    save: async (values) => {
      await update.mutateAsync(values);
      return values;
    },
    saved: "Your name was saved.",
  });
  const { errors } = form.formState;
  return (
    <SettingsFormCard title="Name" description="How you appear to the other members of your organizations." {...card}>
      <TextField
        id="user-first-name"
        label="First name"
        autoComplete="given-name"
        error={fieldErrorText(errors.first_name, "Enter a first name of at most 150 characters.")}
        registration={form.register("first_name")}
      />
      <TextField
        id="user-last-name"
        label="Last name (optional)"
        autoComplete="family-name"
        error={fieldErrorText(errors.last_name, "Use at most 150 characters.")}
        registration={form.register("last_name")}
      />
    </SettingsFormCard>
  );
}

export function EmailCard() {
  const me = useMe();
  const update = useMutation(updateMeMutation());
  const { form, card } = useAccountForm<TEmailForm>({
    resolver: emailResolver,
    defaultValues: { email: me.email, current_password: "" },
    fields: ["email", "current_password"],
    save: async (values) => ({ email: (await update.mutateAsync(values)).email, current_password: "" }),
    saved: "Your email address was changed. Sign in with it from now on.",
  });
  const { errors } = form.formState;
  return (
    <SettingsFormCard
      title="Email address"
      description="You sign in with it. Changing it needs your current password."
      submitLabel="Change email"
      {...card}
    >
      <TextField
        id="user-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={fieldErrorText(errors.email, "Enter a valid email address.")}
        registration={form.register("email")}
      />
      <TextField
        id="user-email-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={fieldErrorText(errors.current_password)}
        registration={form.register("current_password")}
      />
    </SettingsFormCard>
  );
}

const NO_PASSWORDS: TPasswordForm = { current_password: "", password: "", confirm: "" };

export function PasswordCard() {
  const update = useMutation(updateMeMutation());
  const { form, card } = useAccountForm<TPasswordForm>({
    resolver: passwordResolver,
    defaultValues: NO_PASSWORDS,
    fields: ["current_password", "password"],
    save: async ({ current_password, password }) => {
      await update.mutateAsync({ current_password, password });
      return NO_PASSWORDS;
    },
    saved: "Your password was changed. Your other sessions were signed out.",
  });
  const { errors } = form.formState;
  return (
    <SettingsFormCard
      title="Password"
      description="At least 8 characters. Changing it signs you out everywhere else; this browser stays signed in."
      submitLabel="Change password"
      {...card}
    >
      <TextField
        id="user-current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={fieldErrorText(errors.current_password)}
        registration={form.register("current_password")}
      />
      <TextField
        id="user-new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={fieldErrorText(errors.password)}
        registration={form.register("password")}
      />
      <TextField
        id="user-confirm-password"
        label="New password, again"
        type="password"
        autoComplete="new-password"
        error={fieldErrorText(errors.confirm)}
        registration={form.register("confirm")}
      />
    </SettingsFormCard>
  );
}

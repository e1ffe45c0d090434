"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
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

export function NameCard() {
  const me = useMe();
  const update = useMutation(updateMeMutation());
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TNameForm>({ resolver: nameResolver, defaultValues: { first_name: me.first_name, last_name: me.last_name } });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync(values);
    } catch (error) {
      setFailure(applyApiError(form, error, ["first_name", "last_name"]));
      return;
    }
    form.reset(values);
    toast.success("Your name was saved.");
  });
  return (
    <SettingsFormCard
      title="Name"
      description="How you appear to the other members of your organizations."
      failure={failure}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      dirty={isDirty}
    >
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
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TEmailForm>({ resolver: emailResolver, defaultValues: { email: me.email, current_password: "" } });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const updated = await update.mutateAsync(values);
      form.reset({ email: updated.email, current_password: "" });
    } catch (error) {
      setFailure(applyApiError(form, error, ["email", "current_password"]));
      return;
    }
    toast.success("Your email address was changed. Sign in with it from now on.");
  });
  return (
    <SettingsFormCard
      title="Email address"
      description="You sign in with it. Changing it needs your current password."
      failure={failure}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      dirty={isDirty}
      submitLabel="Change email"
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
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TPasswordForm>({ resolver: passwordResolver, defaultValues: NO_PASSWORDS });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = form.handleSubmit(async ({ current_password, password }) => {
    setFailure(null);
    try {
      await update.mutateAsync({ current_password, password });
    } catch (error) {
      setFailure(applyApiError(form, error, ["current_password", "password"]));
      return;
    }
    form.reset(NO_PASSWORDS);
    toast.success("Your password was changed. Your other sessions were signed out.");
  });
  return (
    <SettingsFormCard
      title="Password"
      description="At least 8 characters. Changing it signs you out everywhere else; this browser stays signed in."
      failure={failure}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      dirty={isDirty}
      submitLabel="Change password"
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

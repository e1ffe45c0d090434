"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, fieldMessageId, FormAlert } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { applyApiError, fieldErrorText } from "@/lib/ui/forms";
import { signupMutation } from "@/lib/ui/account/mutations";
import { ZSignup, type TSignup } from "@/lib/users/schemas";

const FIELDS = ["first_name", "email", "password", "organization_name"] as const;

export function SignupForm() {
  const router = useRouter();
  const signup = useMutation(signupMutation());
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TSignup>({
    resolver: zodResolver(ZSignup),
    defaultValues: { first_name: "", email: "", password: "", organization_name: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await signup.mutateAsync(values);
    } catch (error) {
      setFailure(applyApiError(form, error, FIELDS));
      return;
    }
    router.push("/onboarding");
    router.refresh();
  });

  const invalid = (name: (typeof FIELDS)[number]) => ({
    "aria-invalid": !!errors[name],
    "aria-describedby": fieldMessageId(name),
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <FormAlert>{failure}</FormAlert>
      <Field label="First name" htmlFor="first_name" error={fieldErrorText(errors.first_name, "Enter your first name.")}>
        <Input id="first_name" autoComplete="given-name" autoFocus {...invalid("first_name")} {...form.register("first_name")} />
      </Field>
      <Field label="Email" htmlFor="email" error={fieldErrorText(errors.email, "Enter a valid email address.")}>
        <Input id="email" type="email" autoComplete="email" {...invalid("email")} {...form.register("email")} />
      </Field>
      <Field label="Password" htmlFor="password" description="At least 8 characters." error={errors.password?.message}>
        <Input id="password" type="password" autoComplete="new-password" {...invalid("password")} {...form.register("password")} />
      </Field>
      <Field
        label="Organization name"
        htmlFor="organization_name"
        description="Your company or team. You can rename it later."
        error={fieldErrorText(errors.organization_name, "Use at most 64 characters.")}
      >
        <Input
          id="organization_name"
          autoComplete="organization"
          placeholder="Acme Inc."
          {...invalid("organization_name")}
          {...form.register("organization_name")}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting} className="mt-2 w-full">
        {isSubmitting ? "Creating your account…" : "Create account"}
      </Button>
    </form>
  );
}

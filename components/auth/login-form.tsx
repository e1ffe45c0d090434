"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, fieldMessageId, FormAlert } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { z } from "zod";
import { errorMessage } from "@/lib/ui/api-client";
import { loginMutation } from "@/lib/ui/account/mutations";
import { ZLogin } from "@/lib/users/schemas";

type LoginValues = z.infer<typeof ZLogin>;

export function LoginForm({ next }: { next: string }) {
  const router = useRouter();
  const login = useMutation(loginMutation());
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginValues>({ resolver: zodResolver(ZLogin), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login.mutateAsync(values);
    } catch (error) {
      setFailure(errorMessage(error));
      return;
    }
    router.replace(next);
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <FormAlert>{failure}</FormAlert>
      <Field label="Email" htmlFor="email" error={errors.email && "Enter your email address."}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          autoFocus
          aria-invalid={!!errors.email}
          aria-describedby={fieldMessageId("email")}
          {...form.register("email")}
        />
      </Field>
      <Field label="Password" htmlFor="password" error={errors.password && "Enter your password."}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          aria-describedby={fieldMessageId("password")}
          {...form.register("password")}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting} className="mt-2 w-full">
        {isSubmitting ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}

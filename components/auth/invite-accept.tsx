"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { AuthCard } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { Field, fieldMessageId, FormAlert } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { LEVEL_NAMES } from "@/lib/organizations/levels";
import { ApiRequestError, errorMessage } from "@/lib/ui/api-client";
import { applyApiError, fieldErrorText } from "@/lib/ui/forms";
import { acceptInviteMutation, logoutMutation } from "@/lib/ui/account/mutations";
import { invitePreviewQuery } from "@/lib/ui/account/queries";
import type { TInvitePreview } from "@/lib/ui/types";
import { ZPassword, ZSignup } from "@/lib/users/schemas";

export function InviteAccept({ inviteId, signedInEmail }: { inviteId: string; signedInEmail: string | null }) {
  const invite = useQuery(invitePreviewQuery(inviteId));
  const signInLink = (
    <Link
      href={`/login?next=${encodeURIComponent(`/signup/${inviteId}`)}`}
      className="font-medium text-primary underline-offset-4 hover:underline"
    >
      Sign in
    </Link>
  );

  if (invite.isPending)
    return (
      <AuthCard title="Opening your invite…">
        <div className="grid gap-3">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      </AuthCard>
    );

  if (invite.isError) {
    const error = invite.error;
    const code = error instanceof ApiRequestError ? error.code : null;
    const missing = error instanceof ApiRequestError && error.status === 404;
    // Signed in as someone else: signing out lets the invitee accept in this browser.
    const forSomeoneElse = code === "invalid_recipient" && signedInEmail;
    return (
      <AuthCard
        title={
          code === "expired"
            ? "This invite has expired"
            : missing
              ? "Invite not found"
              : forSomeoneElse
                ? "This invite is for someone else"
                : "Couldn't open this invite"
        }
        description={
          missing
            ? "The link is incomplete, or the invite was cancelled or already used. Ask your organization admin for a new one."
            : errorMessage(error)
        }
        footer={
          signedInEmail ? (
            <Link href="/" className="font-medium text-primary underline-offset-4 hover:underline">
              Go to Hedgerow
            </Link>
          ) : (
            <>Already a member? {signInLink}</>
          )
        }
      >
        {forSomeoneElse ? (
          <div className="grid gap-4 text-sm">
            <p>
              You are signed in as <strong>{signedInEmail}</strong>. Sign out to accept the invite with the address it was sent to.
            </p>
            <SignOutButton />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Invites are valid for 3 days after they are sent.</p>
        )}
      </AuthCard>
    );
  }

  const { organization_name, level, target_email } = invite.data;
  return (
    <AuthCard
      title={`Join ${organization_name}`}
      description={
        <>
          You have been invited to join <strong className="text-foreground">{organization_name}</strong> on Hedgerow
          {` as ${article(LEVEL_NAMES[level])} ${LEVEL_NAMES[level]}`}.
        </>
      }
      footer={signedInEmail ? null : <>Already have an account? {signInLink} to accept.</>}
    >
      {signedInEmail ? (
        <AcceptAsSignedIn inviteId={inviteId} email={signedInEmail} targetEmail={target_email} />
      ) : (
        <CreateAccountAndAccept invite={invite.data} />
      )}
    </AuthCard>
  );
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

/** Accepting moves the user into the organization: the app starts over there. */
function useAcceptInvite(inviteId: string) {
  const router = useRouter();
  return useMutation({
    ...acceptInviteMutation(inviteId),
    onSuccess: () => {
      router.push("/");
      router.refresh();
    },
  });
}

/** Signs out and shows the page again, as the signed-out invitee would see it. */
function SignOutButton() {
  const router = useRouter();
  const signOut = useMutation({ ...logoutMutation(), onSuccess: () => router.refresh() });
  return (
    <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending} className="w-full">
      {signOut.isPending ? "Signing out…" : "Sign out"}
    </Button>
  );
}

function AcceptAsSignedIn({ inviteId, email, targetEmail }: { inviteId: string; email: string; targetEmail: string }) {
  const accept = useAcceptInvite(inviteId);
  return (
    <div className="grid gap-4 text-sm">
      <FormAlert>{accept.isError && errorMessage(accept.error)}</FormAlert>
      <p>
        You are signed in as <strong>{email}</strong>.
        {email.toLowerCase() !== targetEmail.toLowerCase() && ` The invite was sent to ${targetEmail}.`}
      </p>
      <Button onClick={() => accept.mutate()} disabled={accept.isPending} className="w-full">
        {accept.isPending ? "Joining…" : "Accept invite"}
      </Button>
      <SignOutButton />
    </div>
  );
}

const ZAcceptSignup = z.object({ first_name: ZSignup.shape.first_name, password: ZPassword });
type TAcceptSignup = z.infer<typeof ZAcceptSignup>;

function CreateAccountAndAccept({ invite }: { invite: TInvitePreview }) {
  const accept = useAcceptInvite(invite.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TAcceptSignup>({
    resolver: zodResolver(ZAcceptSignup),
    defaultValues: { first_name: invite.first_name, password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await accept.mutateAsync(values);
    } catch (error) {
      setFailure(applyApiError(form, error, ["first_name", "password"]));
    }
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <FormAlert>{failure}</FormAlert>
      <Field label="Email" htmlFor="email" description="Your account uses the address the invite was sent to.">
        <Input
          id="email"
          type="email"
          value={invite.target_email}
          readOnly
          className="bg-muted"
          aria-describedby={fieldMessageId("email")}
        />
      </Field>
      <Field label="First name" htmlFor="first_name" error={fieldErrorText(errors.first_name, "Enter your first name.")}>
        <Input
          id="first_name"
          autoComplete="given-name"
          aria-invalid={!!errors.first_name}
          aria-describedby={fieldMessageId("first_name")}
          {...form.register("first_name")}
        />
      </Field>
      <Field label="Password" htmlFor="password" description="At least 8 characters." error={errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="new-password"
          autoFocus
          aria-invalid={!!errors.password}
          aria-describedby={fieldMessageId("password")}
          {...form.register("password")}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting} className="mt-2 w-full">
        {isSubmitting ? "Joining…" : `Create account and join ${invite.organization_name}`}
      </Button>
    </form>
  );
}

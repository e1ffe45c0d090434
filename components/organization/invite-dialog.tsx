"use client";

import { useMutation } from "@tanstack/react-query";
import { MailCheckIcon } from "lucide-react";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { CopyField } from "@/components/copy-button";
import { FormDialog } from "@/components/form-dialog";
import { LevelSelect } from "@/components/organization/level-select";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { ZInviteCreate } from "@/lib/invites/schemas";
import { invitableLevels } from "@/lib/organizations/levels";
import { fieldErrorText } from "@/lib/ui/forms";
import { createInviteMutation } from "@/lib/ui/organization/mutations";
import { inviteLink } from "@/lib/ui/paths";
import type { TInvite } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

const ZInviteForm = ZInviteCreate.pick({ target_email: true, first_name: true, level: true, message: true });

/** Invites one person at a level no higher than the inviter's own; then shows the link to share. */
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { organization } = useMe();
  const invite = useMutation(createInviteMutation(organization.id));
  const [created, setCreated] = useState<TInvite | null>(null);
  const levels = invitableLevels(organization.membership_level ?? 1);

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setCreated(null);
      }}
      title={`Invite someone to ${organization.name}`}
      description="They get a link to create their account, or to join with the one they have."
      schema={ZInviteForm}
      defaultValues={{ target_email: "", first_name: "", level: 1, message: "" }}
      onSubmit={async (values) => setCreated(await invite.mutateAsync({ ...values, message: values.message || null }))}
      submitLabel="Send invite"
      pendingLabel="Sending…"
      outcome={
        created && (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <MailCheckIcon className="size-5 text-primary" /> Invite created
              </DialogTitle>
              <DialogDescription>
                {created.emailing_attempt_made
                  ? `We emailed ${created.target_email} a link to join ${organization.name}. You can also share it yourself:`
                  : `This instance doesn't send email, so share this link with ${created.target_email} yourself. It works for 3 days.`}
              </DialogDescription>
            </DialogHeader>
            <CopyField value={inviteLink(created)} label="Copy invite link" />
            <DialogFooter>
              <Button variant="outline" onClick={() => setCreated(null)}>
                Invite someone else
              </Button>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </>
        )
      }
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <Field label="Email address" htmlFor="target_email" error={fieldErrorText(errors.target_email, "Enter a valid email address.")}>
            <Input
              id="target_email"
              type="email"
              placeholder="ada@example.com"
              aria-invalid={!!errors.target_email}
              aria-describedby={fieldMessageId("target_email")}
              {...register("target_email")}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="First name (optional)"
              htmlFor="first_name"
              error={fieldErrorText(errors.first_name, "Use at most 30 characters.")}
            >
              <Input
                id="first_name"
                aria-invalid={!!errors.first_name}
                aria-describedby={fieldMessageId("first_name")}
                {...register("first_name")}
              />
            </Field>
            <Field label="Level" htmlFor="level" error={errors.level?.message}>
              <Controller
                control={control}
                name="level"
                render={({ field }) => (
                  <LevelSelect
                    id="level"
                    value={field.value ?? 1}
                    onChange={field.onChange}
                    levels={levels}
                    aria-invalid={!!errors.level}
                    aria-describedby={fieldMessageId("level")}
                  />
                )}
              />
            </Field>
          </div>
          <Field
            label="Message (optional)"
            htmlFor="message"
            description="Included in the invite email."
            error={fieldErrorText(errors.message)}
          >
            <Textarea
              id="message"
              rows={3}
              aria-invalid={!!errors.message}
              aria-describedby={fieldMessageId("message")}
              {...register("message")}
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}

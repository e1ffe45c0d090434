"use client";

import { useMutation } from "@tanstack/react-query";
import { MailCheckIcon, PlusIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { Controller, useFieldArray, type UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { CopyField } from "@/components/copy-button";
import { FormDialog } from "@/components/form-dialog";
import { LevelSelect } from "@/components/organization/level-select";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { MAX_BULK_INVITES, ZInviteCreate } from "@/lib/invites/schemas";
import { invitableLevels } from "@/lib/organizations/levels";
import { ApiRequestError } from "@/lib/ui/api-client";
import { fieldErrorText } from "@/lib/ui/forms";
import { bulkCreateInvitesMutation } from "@/lib/ui/organization/mutations";
import { inviteLink } from "@/lib/ui/paths";
import type { TInvite } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

const ZRow = ZInviteCreate.pick({ target_email: true, first_name: true, level: true });
const ZBulkInviteForm = z.object({
  invites: z.array(ZRow).min(1).max(MAX_BULK_INVITES),
  message: ZInviteCreate.shape.message,
});
type TBulkInviteForm = z.input<typeof ZBulkInviteForm>;

const ROW_FIELDS = ["target_email", "first_name", "level"] as const;
/** Where the bulk endpoint's errors can land: `1__target_email` names the second row's email. */
const FORM_FIELDS = [
  "message",
  ...Array.from({ length: MAX_BULK_INVITES }, (_, i) => ROW_FIELDS.map((field) => `invites.${i}.${field}`)).flat(),
];

const emptyRow = () => ({ target_email: "", first_name: "", level: 1 as const });

/** The bulk endpoint names a row's field from the array (`1__target_email`); the form holds the rows under `invites`. */
function asFormError(error: unknown) {
  return error instanceof ApiRequestError && error.attr
    ? new ApiRequestError(error.status, { ...error, attr: `invites__${error.attr}` })
    : error;
}

/**
 * PostHog's invite modal: up to 20 people at once, each with an email, a first name and a level no higher than
 * the inviter's own, and one optional message for all. All are invited, or none; then each one's link is shown.
 */
export function BulkInviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { organization } = useMe();
  const invite = useMutation(bulkCreateInvitesMutation(organization.id));
  const [created, setCreated] = useState<TInvite[] | null>(null);
  const levels = invitableLevels(organization.membership_level ?? 1);

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setCreated(null);
      }}
      className="sm:max-w-2xl"
      title={`Invite people to ${organization.name}`}
      description={`Up to ${MAX_BULK_INVITES} at once. Each gets a link to create their account, or to join with the one they have.`}
      schema={ZBulkInviteForm}
      fields={FORM_FIELDS}
      defaultValues={{ invites: [emptyRow()], message: "" }}
      onSubmit={async ({ invites, message }) => {
        try {
          setCreated(await invite.mutateAsync(invites.map((row) => ({ ...row, message: message || null }))));
        } catch (error) {
          throw asFormError(error);
        }
      }}
      submitLabel="Send invites"
      pendingLabel="Sending…"
      outcome={created && <Created invites={created} onMore={() => setCreated(null)} />}
    >
      {(form) => <InviteRows form={form} levels={levels} />}
    </FormDialog>
  );
}

function InviteRows({
  form,
  levels,
}: {
  form: UseFormReturn<TBulkInviteForm, unknown, z.output<typeof ZBulkInviteForm>>;
  levels: ReturnType<typeof invitableLevels>;
}) {
  const { register, control, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "invites" });
  const errors = formState.errors;
  return (
    <>
      <fieldset className="grid gap-2" aria-label="People to invite">
        <div aria-hidden className="hidden grid-cols-[1fr_9rem_9rem_2rem] gap-2 text-sm font-medium sm:grid">
          <span>Email address</span>
          <span>First name (optional)</span>
          <span>Level</span>
        </div>
        {fields.map((row, index) => {
          const rowErrors = errors.invites?.[index];
          const n = index + 1;
          const emailId = `invite-${index}-email`;
          return (
            // Narrow screens: the email and its remove button on one line, name and level on the next.
            <div key={row.id} className="grid grid-cols-[1fr_8rem_2rem] gap-2 sm:grid-cols-[1fr_9rem_9rem_2rem]" data-testid="invite-row">
              <div className="col-span-2 grid gap-1 sm:col-span-1">
                <Input
                  id={emailId}
                  type="email"
                  placeholder="ada@example.com"
                  aria-label={`Email address ${n}`}
                  aria-invalid={!!rowErrors?.target_email}
                  aria-describedby={fieldMessageId(emailId)}
                  {...register(`invites.${index}.target_email`)}
                />
                {(rowErrors?.target_email || rowErrors?.first_name || rowErrors?.level) && (
                  <p id={fieldMessageId(emailId)} className="text-sm text-destructive">
                    {fieldErrorText(rowErrors.target_email, "Enter a valid email address.") ??
                      fieldErrorText(rowErrors.first_name, "Use at most 30 characters.") ??
                      rowErrors.level?.message}
                  </p>
                )}
              </div>
              <Input
                className="order-3 sm:order-none"
                aria-label={`First name ${n} (optional)`}
                placeholder="First name"
                aria-invalid={!!rowErrors?.first_name}
                aria-describedby={fieldMessageId(emailId)}
                {...register(`invites.${index}.first_name`)}
              />
              <Controller
                control={control}
                name={`invites.${index}.level`}
                render={({ field }) => (
                  <LevelSelect
                    id={`invite-${index}-level`}
                    className="order-4 sm:order-none"
                    value={field.value ?? 1}
                    onChange={field.onChange}
                    levels={levels}
                    aria-label={`Level ${n}`}
                    aria-invalid={!!rowErrors?.level}
                  />
                )}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                className="order-2 sm:order-none"
                disabled={fields.length === 1}
                onClick={() => remove(index)}
                aria-label={`Remove row ${n}`}
              >
                <XIcon />
              </Button>
            </div>
          );
        })}
        <div className="flex items-center justify-between gap-2">
          <Button type="button" variant="outline" size="sm" disabled={fields.length >= MAX_BULK_INVITES} onClick={() => append(emptyRow())}>
            <PlusIcon /> Add another
          </Button>
          <span className="text-xs text-muted-foreground">
            {fields.length} of {MAX_BULK_INVITES}
          </span>
        </div>
      </fieldset>
      <Field
        label="Message (optional)"
        htmlFor="invite-message"
        description="Included in every invite email."
        error={fieldErrorText(errors.message)}
      >
        <Textarea
          id="invite-message"
          rows={3}
          aria-invalid={!!errors.message}
          aria-describedby={fieldMessageId("invite-message")}
          {...register("message")}
        />
      </Field>
    </>
  );
}

function Created({ invites, onMore }: { invites: TInvite[]; onMore: () => void }) {
  const emailed = invites.some((invite) => invite.emailing_attempt_made);
  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <MailCheckIcon className="size-5 text-primary" /> {invites.length === 1 ? "Invite created" : `${invites.length} invites created`}
        </DialogTitle>
        <DialogDescription>
          {emailed
            ? "We emailed each person their link. You can also share the links yourself:"
            : "This instance doesn't send email, so share each link yourself. They work for 3 days."}
        </DialogDescription>
      </DialogHeader>
      <ul className="grid max-h-80 gap-3 overflow-y-auto pr-1">
        {invites.map((invite) => (
          <li key={invite.id} className="grid gap-1">
            <span className="text-sm font-medium break-all">{invite.target_email}</span>
            <CopyField value={inviteLink(invite)} label={`Copy invite link for ${invite.target_email}`} />
          </li>
        ))}
      </ul>
      <DialogFooter>
        <Button variant="outline" onClick={onMore}>
          Invite more people
        </Button>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

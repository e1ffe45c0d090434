"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { MailCheckIcon } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { CopyField } from "@/components/copy-button";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, fieldMessageId, FormAlert } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ZInviteCreate } from "@/lib/invites/schemas";
import { LEVEL_NAMES, LEVELS, type MembershipLevel } from "@/lib/organizations/levels";
import { api } from "@/lib/ui/api-client";
import { applyApiError } from "@/lib/ui/forms";
import { inviteKeys } from "@/lib/ui/query-keys";
import type { TInvite } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

const ZInviteForm = ZInviteCreate.pick({ target_email: true, first_name: true, level: true, message: true });
type TInviteFormInput = z.input<typeof ZInviteForm>;
type TInviteForm = z.output<typeof ZInviteForm>;
const FIELDS = ["target_email", "first_name", "level", "message"] as const;
const blank: TInviteFormInput = { target_email: "", first_name: "", level: 1, message: "" };

export const inviteLink = (invite: Pick<TInvite, "id">) => `${window.location.origin}/signup/${invite.id}`;

/** Invites one person at a level no higher than the inviter's own; then shows the link to share. */
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { organization } = useMe();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<TInvite | null>(null);
  const form = useForm<TInviteFormInput, unknown, TInviteForm>({ resolver: zodResolver(ZInviteForm), defaultValues: blank });
  const { errors, isSubmitting } = form.formState;
  const myLevel = organization.membership_level ?? 1;
  const levels = LEVELS.filter((level) => level <= myLevel);

  const startOver = () => {
    form.reset(blank);
    setFailure(null);
    setCreated(null);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const invite = await api.post<TInvite>(`/api/organizations/${organization.id}/invites/`, { ...values, message: values.message || null });
      setCreated(invite);
    } catch (error) {
      setFailure(applyApiError(form, error, FIELDS));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: inviteKeys.list(organization.id) });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) startOver();
      }}
    >
      <DialogContent>
        {created ? (
          <div className="grid gap-4">
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
              <Button variant="outline" onClick={startOver}>
                Invite someone else
              </Button>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>Invite someone to {organization.name}</DialogTitle>
              <DialogDescription>They get a link to create their account, or to join with the one they have.</DialogDescription>
            </DialogHeader>
            <FormAlert>{failure}</FormAlert>
            <Field label="Email address" htmlFor="target_email" error={errors.target_email && (errors.target_email.type === "server" ? errors.target_email.message : "Enter a valid email address.")}>
              <Input
                id="target_email"
                type="email"
                autoFocus
                placeholder="ada@example.com"
                aria-invalid={!!errors.target_email}
                aria-describedby={fieldMessageId("target_email")}
                {...form.register("target_email")}
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name (optional)" htmlFor="first_name" error={errors.first_name && (errors.first_name.type === "server" ? errors.first_name.message : "Use at most 30 characters.")}>
                <Input id="first_name" aria-invalid={!!errors.first_name} aria-describedby={fieldMessageId("first_name")} {...form.register("first_name")} />
              </Field>
              <Field label="Level" htmlFor="level" error={errors.level?.message}>
                <Controller
                  control={form.control}
                  name="level"
                  render={({ field }) => (
                    <Select value={String(field.value)} onValueChange={(value) => field.onChange(Number(value) as MembershipLevel)}>
                      <SelectTrigger id="level" className="w-full capitalize">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {levels.map((level) => (
                          <SelectItem key={level} value={String(level)} className="capitalize">
                            {LEVEL_NAMES[level]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </Field>
            </div>
            <Field label="Message (optional)" htmlFor="message" description="Included in the invite email.">
              <Textarea id="message" rows={3} aria-describedby={fieldMessageId("message")} {...form.register("message")} />
            </Field>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? "Sending…" : "Send invite"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

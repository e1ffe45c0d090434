"use client";

import { useMutation } from "@tanstack/react-query";
import { CircleCheckIcon, CircleAlertIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { z } from "zod";
import { CopyField } from "@/components/copy-button";
import { FormDialog } from "@/components/form-dialog";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { challengeRecordName } from "@/lib/domains/rules";
import { ZDomainCreate, ZDomainUpdate } from "@/lib/domains/schemas";
import { fieldErrorText } from "@/lib/ui/forms";
import { createDomainMutation, deleteDomainMutation, updateDomainMutation, verifyDomainMutation } from "@/lib/ui/organization/mutations";
import { toast } from "@/lib/ui/toast";
import type { TDomain } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

const ZAddDomain = ZDomainCreate.pick({ domain: true });

/** Adds a domain, then hands it to the verify dialog (`onAdded`), since that is what comes next. */
export function AddDomainDialog({
  open,
  onOpenChange,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (domain: TDomain) => void;
}) {
  const { organization } = useMe();
  const create = useMutation({
    ...createDomainMutation(organization.id),
    onSuccess: (domain) => {
      onOpenChange(false);
      onAdded(domain);
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a domain"
      description="You will prove that you control it by publishing a DNS record."
      schema={ZAddDomain}
      defaultValues={{ domain: "" }}
      onSubmit={(values) => create.mutateAsync(values)}
      submitLabel="Add domain"
      pendingLabel="Adding…"
    >
      {({ register, formState: { errors } }) => (
        <Field
          label="Domain"
          htmlFor="domain"
          description="A domain or subdomain, such as example.com."
          error={fieldErrorText(errors.domain)}
        >
          <Input
            id="domain"
            placeholder="example.com"
            autoComplete="off"
            aria-invalid={!!errors.domain}
            aria-describedby={fieldMessageId("domain")}
            {...register("domain")}
          />
        </Field>
      )}
    </FormDialog>
  );
}

const ZNoFields = z.object({});

/** The numbered steps to publish the TXT record, and a "Verify" that looks it up now and says what it found. */
export function VerifyDomainDialog({ domain, onClose }: { domain: TDomain | null; onClose: () => void }) {
  const { organization } = useMe();
  const verify = useMutation(verifyDomainMutation(organization.id));
  const [checked, setChecked] = useState<TDomain | null>(null);
  if (!domain) return null;
  const recordName = challengeRecordName(domain.domain);
  const close = () => {
    setChecked(null);
    verify.reset();
    onClose();
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && close()}
      className="sm:max-w-xl"
      title={`Verify ${domain.domain}`}
      description="Prove that you control this domain by adding a record to its DNS zone."
      schema={ZNoFields}
      defaultValues={{}}
      onSubmit={async () => setChecked(await verify.mutateAsync(domain))}
      submitLabel="Verify"
      pendingLabel="Checking DNS…"
      outcome={
        checked?.is_verified && (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <CircleCheckIcon className="size-5 text-primary" /> {domain.domain} is verified
              </DialogTitle>
              <DialogDescription>
                The TXT record was found. You can now turn on automatic provisioning and SSO enforcement for it.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </>
        )
      }
    >
      {() => (
        <>
          <ol className="grid list-none gap-4 text-sm [counter-reset:step]">
            <Step n={1}>Sign in to your DNS provider (where the domain&apos;s DNS records are managed).</Step>
            <Step n={2}>
              <p>
                Add the following <strong>TXT</strong> record:
              </p>
              <div className="mt-3 grid gap-3">
                <div className="grid gap-1.5">
                  <p className="text-xs font-medium text-muted-foreground">Name</p>
                  <CopyField value={recordName} label="Copy record name" />
                </div>
                <div className="grid gap-1.5">
                  <p className="text-xs font-medium text-muted-foreground">Value</p>
                  <CopyField value={domain.verification_challenge} label="Copy record value" />
                </div>
                <p className="text-xs text-muted-foreground">TTL: your provider&apos;s default, or 3600.</p>
              </div>
            </Step>
            <Step n={3}>Press Verify. New records can take a few minutes to be visible; you can also verify later from the list.</Step>
          </ol>
          {checked && !checked.is_verified && (
            <div role="status" className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm">
              <CircleAlertIcon className="mt-0.5 size-4 shrink-0" />
              <span>
                Not verified yet: no TXT record at <span className="font-mono break-all">{recordName}</span> holds this value. Check the
                record, wait a few minutes, and verify again.
              </span>
            </div>
          )}
        </>
      )}
    </FormDialog>
  );
}

function Step({ n, children }: { n: number; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/12 text-xs font-semibold text-primary dark:bg-primary/20"
      >
        {n}
      </span>
      <div className="min-w-0 flex-1 pt-0.5">
        <span className="sr-only">Step {n}: </span>
        {children}
      </div>
    </li>
  );
}

const ZSaml = ZDomainUpdate.pick({ saml_entity_id: true, saml_acs_url: true, saml_x509_cert: true }).required();

/** The identity provider's SAML settings; SAML counts as set up once all three are given. */
export function SamlDialog({ domain, onClose }: { domain: TDomain | null; onClose: () => void }) {
  const { organization } = useMe();
  const update = useMutation({
    ...updateDomainMutation(organization.id),
    onSuccess: (updated) => {
      toast.success(`SAML settings of ${updated.domain} saved.`);
      onClose();
    },
  });
  if (!domain) return null;
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      className="sm:max-w-xl"
      title={`SAML for ${domain.domain}`}
      description="From your identity provider's SAML app. Leave a field empty to clear it."
      schema={ZSaml}
      defaultValues={{
        saml_entity_id: domain.saml_entity_id ?? "",
        saml_acs_url: domain.saml_acs_url ?? "",
        saml_x509_cert: domain.saml_x509_cert ?? "",
      }}
      onSubmit={(values) =>
        update.mutateAsync({
          domain,
          saml_entity_id: values.saml_entity_id || null,
          saml_acs_url: values.saml_acs_url || null,
          saml_x509_cert: values.saml_x509_cert || null,
        })
      }
      submitLabel="Save SAML settings"
      pendingLabel="Saving…"
    >
      {({ register, formState: { errors } }) => (
        <>
          <Field label="Entity ID" htmlFor="saml_entity_id" error={fieldErrorText(errors.saml_entity_id, "Use at most 512 characters.")}>
            <Input
              id="saml_entity_id"
              aria-invalid={!!errors.saml_entity_id}
              aria-describedby={fieldMessageId("saml_entity_id")}
              {...register("saml_entity_id")}
            />
          </Field>
          <Field label="ACS URL" htmlFor="saml_acs_url" error={fieldErrorText(errors.saml_acs_url, "Use at most 512 characters.")}>
            <Input
              id="saml_acs_url"
              type="url"
              placeholder="https://"
              aria-invalid={!!errors.saml_acs_url}
              aria-describedby={fieldMessageId("saml_acs_url")}
              {...register("saml_acs_url")}
            />
          </Field>
          <Field label="X.509 certificate" htmlFor="saml_x509_cert" error={fieldErrorText(errors.saml_x509_cert)}>
            <Textarea
              id="saml_x509_cert"
              rows={6}
              placeholder="-----BEGIN CERTIFICATE-----"
              className="font-mono text-xs"
              aria-invalid={!!errors.saml_x509_cert}
              aria-describedby={fieldMessageId("saml_x509_cert")}
              {...register("saml_x509_cert")}
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}

/** Removing is immediate and undoes the proof: a warning first, naming what stops. */
export function RemoveDomainDialog({ domain, onClose }: { domain: TDomain | null; onClose: () => void }) {
  const { organization } = useMe();
  const remove = useMutation({
    ...deleteDomainMutation(organization.id),
    onSuccess: (_, removed) => {
      toast.success(`${removed.domain} was removed.`);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={!!domain}
      onClose={onClose}
      title={`Remove ${domain?.domain}?`}
      description="This cannot be undone. Its SAML settings, SSO enforcement and automatic provisioning stop at once, and to use the domain again you must add and verify it anew, with a new TXT record."
      action={remove}
      onConfirm={() => domain && remove.mutate(domain)}
      confirmLabel="Remove domain"
      pendingLabel="Removing…"
    />
  );
}

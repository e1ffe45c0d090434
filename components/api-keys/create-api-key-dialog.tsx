"use client";

import { useMutation } from "@tanstack/react-query";
import { TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { CopyField } from "@/components/copy-button";
import { FormDialog } from "@/components/form-dialog";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ZApiKeyCreate } from "@/lib/api-keys/schemas";
import { SCOPE_OBJECTS } from "@/lib/auth/scopes";
import { fieldErrorText } from "@/lib/ui/forms";
import { createApiKeyMutation } from "@/lib/ui/account/mutations";
import type { TApiKey } from "@/lib/ui/types";

const ZKeyForm = ZApiKeyCreate.pick({ label: true, scopes: true });

const humanize = (object: string) => object.charAt(0).toUpperCase() + object.slice(1).replaceAll("_", " ");

/** Write access includes read access, as the API grants it: checking Write checks Read, unchecking Read clears both. */
function withAccess(scopes: string[], object: string, access: "read" | "write" | null): string[] {
  const others = scopes.filter((scope) => scope !== "*" && !scope.startsWith(`${object}:`));
  return access ? [...others, `${object}:${access}`] : others;
}

function ScopeChecklist({ value, onChange, invalid }: { value: string[]; onChange: (scopes: string[]) => void; invalid: boolean }) {
  const allAccess = value.includes("*");
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-2">
        <Checkbox id="scope-all" checked={allAccess} onCheckedChange={(checked) => onChange(checked === true ? ["*"] : [])} />
        <Label htmlFor="scope-all">All access, including scopes added later</Label>
      </div>
      <fieldset
        aria-label="Scopes"
        aria-invalid={invalid}
        aria-describedby={fieldMessageId("scopes")}
        className="max-h-64 overflow-y-auto rounded-md border aria-invalid:border-destructive"
      >
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-2 text-left font-medium">Resource</th>
              <th className="w-20 px-3 py-2 text-center font-medium">Read</th>
              <th className="w-20 px-3 py-2 text-center font-medium">Write</th>
            </tr>
          </thead>
          <tbody>
            {SCOPE_OBJECTS.map((object) => {
              const write = allAccess || value.includes(`${object}:write`);
              const read = write || value.includes(`${object}:read`);
              return (
                <tr key={object} className="border-t">
                  <td className="px-3 py-1.5">{humanize(object)}</td>
                  <td className="px-3 py-1.5 text-center">
                    <Checkbox
                      aria-label={`${humanize(object)}: read`}
                      checked={read}
                      disabled={allAccess}
                      onCheckedChange={(checked) => onChange(withAccess(value, object, checked === true ? "read" : null))}
                    />
                  </td>
                  <td className="px-3 py-1.5 text-center">
                    <Checkbox
                      aria-label={`${humanize(object)}: write`}
                      checked={write}
                      disabled={allAccess}
                      onCheckedChange={(checked) => onChange(withAccess(value, object, checked === true ? "write" : "read"))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </fieldset>
    </div>
  );
}

/** Creates a key and shows its value the one time the API returns it. */
export function CreateApiKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useMutation(createApiKeyMutation());
  const [created, setCreated] = useState<TApiKey | null>(null);

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setCreated(null);
      }}
      className="sm:max-w-xl"
      title="Create a personal API key"
      description="The key acts as you, limited to the scopes you choose here."
      schema={ZKeyForm}
      defaultValues={{ label: "", scopes: [] }}
      onSubmit={async (values) => setCreated(await create.mutateAsync(values))}
      submitLabel="Create key"
      pendingLabel="Creating…"
      outcome={
        created?.value && (
          <>
            <DialogHeader>
              <DialogTitle>Key “{created.label}” created</DialogTitle>
              <DialogDescription>Use it as a Bearer token: Authorization: Bearer &lt;key&gt;.</DialogDescription>
            </DialogHeader>
            <div className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm">
              <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" />
              <span>
                Copy the key now. For your security it is shown only once; after this you will see only its first and last characters.
              </span>
            </div>
            <CopyField value={created.value} label="Copy API key" />
            <DialogFooter>
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
          <Field
            label="Label"
            htmlFor="key-label"
            description="Where the key is used, so you recognise it later."
            error={fieldErrorText(errors.label, "Give the key a label of at most 40 characters.")}
          >
            <Input
              id="key-label"
              placeholder="CI exports"
              aria-invalid={!!errors.label}
              aria-describedby={fieldMessageId("key-label")}
              {...register("label")}
            />
          </Field>
          <div className="grid gap-2">
            <p className="text-sm font-medium">Scopes</p>
            <Controller
              control={control}
              name="scopes"
              render={({ field }) => <ScopeChecklist value={field.value} onChange={field.onChange} invalid={!!errors.scopes} />}
            />
            {errors.scopes && (
              <p id={fieldMessageId("scopes")} className="text-sm text-destructive">
                {errors.scopes.message}
              </p>
            )}
          </div>
        </>
      )}
    </FormDialog>
  );
}

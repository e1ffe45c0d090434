"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, fieldMessageId, FormAlert } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ZOrganizationCreate, type TOrganizationCreate } from "@/lib/organizations/schemas";
import { api } from "@/lib/ui/api-client";
import { applyApiError } from "@/lib/ui/forms";

/** Creates an organization; the API makes the creator its owner and moves them into it. */
export function CreateOrganizationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TOrganizationCreate>({ resolver: zodResolver(ZOrganizationCreate), defaultValues: { name: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await api.post("/api/organizations/", { name: values.name });
    } catch (error) {
      setFailure(applyApiError(form, error, ["name"]));
      return;
    }
    await queryClient.invalidateQueries();
    onOpenChange(false);
    form.reset();
    router.push("/");
    router.refresh();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>New organization</DialogTitle>
            <DialogDescription>You will be its owner. It starts with one project.</DialogDescription>
          </DialogHeader>
          <FormAlert>{failure}</FormAlert>
          <Field
            label="Name"
            htmlFor="new-organization-name"
            error={errors.name && (errors.name.type === "server" ? errors.name.message : "Give the organization a name of at most 64 characters.")}
          >
            <Input
              id="new-organization-name"
              autoFocus
              aria-invalid={!!errors.name}
              aria-describedby={fieldMessageId("new-organization-name")}
              {...form.register("name")}
            />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Creating…" : "Create organization"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, FormAlert } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { api, errorMessage } from "@/lib/ui/api-client";
import { useMe } from "@/lib/ui/use-me";

/** Deleting is irreversible, so the owner types the organization's name to enable it. */
export function DeleteOrganizationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { organization } = useMe();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState("");
  const remove = useMutation({
    mutationFn: () => api.delete(`/api/organizations/${organization.id}/`),
    onSuccess: () => {
      toast.success(`${organization.name} was deleted.`);
      queryClient.clear();
      router.push("/");
      router.refresh();
    },
  });
  const confirmed = typed === organization.name;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) {
          setTyped("");
          remove.reset();
        }
      }}
    >
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed) remove.mutate();
          }}
        >
          <DialogHeader>
            <DialogTitle>Delete {organization.name}?</DialogTitle>
            <DialogDescription>
              This permanently deletes the organization, its projects, and all their events and insights. Members
              lose access immediately. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <FormAlert>{remove.isError && errorMessage(remove.error)}</FormAlert>
          <Field
            label={
              <span>
                Type <strong className="font-semibold">{organization.name}</strong> to confirm
              </span>
            }
            htmlFor="confirm-organization-name"
          >
            <Input id="confirm-organization-name" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
              {remove.isPending ? "Deleting…" : "Delete organization"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import type { TSubscription } from "@/lib/subscriptions/schemas";
import { errorMessage } from "@/lib/ui/api-client";
import type { SubscriptionResource } from "@/lib/ui/query-keys";
import { subscriptionsQuery } from "@/lib/ui/subscriptions/queries";
import { testDeliveryMutation } from "@/lib/ui/subscriptions/mutations";
import { toast } from "@/lib/ui/toast";
import { SubscriptionFormDialog } from "./subscription-form-dialog";
import { SubscriptionItem } from "./subscription-item";
import { currentError } from "./subscription-words";

interface Props {
  projectId: number;
  resource: SubscriptionResource;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The subscriptions of an insight or a dashboard: who gets it and when, and a way to add, edit, send now or delete. */
export function SubscriptionsDialog({ projectId, resource, open, onOpenChange }: Props) {
  const subscriptions = useQuery({ ...subscriptionsQuery(projectId, resource), enabled: open });
  const [editing, setEditing] = useState<TSubscription | null | undefined>(undefined);
  const send = useMutation({
    ...testDeliveryMutation(projectId),
    onSuccess: (sent) => {
      const error = currentError(sent);
      if (error) toast.error(`Not delivered: ${error}`);
      else toast.success(`Sent to ${sent.target_value.split(",").join(", ")}`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Subscriptions</DialogTitle>
            <DialogDescription>This {resource.kind}'s numbers, e-mailed on a schedule to the addresses you choose.</DialogDescription>
          </DialogHeader>
          {subscriptions.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : subscriptions.isError ? (
            <p role="alert" className="text-sm">
              {errorMessage(subscriptions.error)}
            </p>
          ) : subscriptions.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No subscriptions to this {resource.kind} yet.</p>
          ) : (
            <ul className="grid gap-3">
              {subscriptions.data.map((subscription) => (
                <SubscriptionItem
                  key={subscription.id}
                  projectId={projectId}
                  subscription={subscription}
                  sending={send.isPending && send.variables === subscription.id}
                  onEdit={() => setEditing(subscription)}
                  onSend={() => send.mutate(subscription.id)}
                />
              ))}
            </ul>
          )}
          <div>
            <Button onClick={() => setEditing(null)}>
              <PlusIcon /> New subscription
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      {editing !== undefined && (
        <SubscriptionFormDialog
          projectId={projectId}
          resource={resource}
          subscription={editing}
          open
          onOpenChange={(next) => !next && setEditing(undefined)}
        />
      )}
    </>
  );
}

"use client";

import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import type { TSubscription } from "@/lib/subscriptions/schemas";
import { errorMessage } from "@/lib/ui/api-client";
import { formatRelative } from "@/lib/ui/format";
import { deleteSubscriptionMutation } from "@/lib/ui/subscriptions/mutations";
import { toast } from "@/lib/ui/toast";
import { currentError, nextDeliveryText } from "./subscription-words";

interface Props {
  projectId: number;
  subscription: TSubscription;
  sending: boolean;
  onEdit: () => void;
  onSend: () => void;
}

/** One subscription: recipients, schedule in words, the latest delivery or failure, and its actions. */
export function SubscriptionItem({ projectId, subscription, sending, onEdit, onSend }: Props) {
  const remove = useMutation({
    ...deleteSubscriptionMutation(projectId),
    onSuccess: () => toast.success("Subscription deleted"),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const name = subscription.title || subscription.target_value.split(",")[0];
  const error = currentError(subscription);
  return (
    <li className="grid gap-1 rounded-md border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium break-all">{subscription.title || subscription.target_value.split(",").join(", ")}</h3>
        <span className="ml-auto flex gap-2">
          <Button size="sm" variant="outline" onClick={onEdit}>
            Edit<span className="sr-only"> {name}</span>
          </Button>
          <Button size="sm" variant="outline" disabled={sending} onClick={onSend}>
            {sending ? "Sending…" : "Send now"}
            <span className="sr-only"> {name}</span>
          </Button>
          <Button size="sm" variant="outline" disabled={remove.isPending} onClick={() => remove.mutate(subscription.id)}>
            Delete<span className="sr-only"> {name}</span>
          </Button>
        </span>
      </div>
      {subscription.title && <p className="text-sm break-all">To {subscription.target_value.split(",").join(", ")}</p>}
      <p className="text-sm text-muted-foreground">
        {subscription.summary[0].toUpperCase() + subscription.summary.slice(1)}, {nextDeliveryText(subscription)}.
        {subscription.last_delivered_at && ` Last sent ${formatRelative(subscription.last_delivered_at)}.`}
      </p>
      {error && (
        <p className="text-sm text-destructive">
          Last delivery failed {formatRelative(subscription.last_error_at)}: {error}
        </p>
      )}
    </li>
  );
}

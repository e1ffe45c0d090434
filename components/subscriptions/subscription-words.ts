import type { TSubscription } from "@/lib/subscriptions/schemas";
import { formatRelative } from "@/lib/ui/format";

const when = new Intl.DateTimeFormat("en", { weekday: "long", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/** "next on Monday, Mar 9, 9:00 AM (in 3 days)", in the viewer's time zone; or that none is left. */
export function nextDeliveryText(subscription: Pick<TSubscription, "next_delivery_date">, now = Date.now()): string {
  const next = subscription.next_delivery_date;
  if (!next) return "no delivery left in its schedule";
  return `next on ${when.format(new Date(next))} (${formatRelative(next, now)})`;
}

/** The latest failure, when it came after the latest delivery (older ones were overcome). */
export function currentError(subscription: Pick<TSubscription, "last_error" | "last_error_at" | "last_delivered_at">): string | null {
  if (!subscription.last_error || !subscription.last_error_at) return null;
  if (subscription.last_delivered_at && subscription.last_delivered_at > subscription.last_error_at) return null;
  return subscription.last_error;
}

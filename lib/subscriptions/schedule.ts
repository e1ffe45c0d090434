import { config } from "@/lib/config";
import { kickPollLoop, startPollLoop } from "@/lib/server/poll-loop";
import { claimDueSubscriptions, deliverSubscription, PASS_LIMIT } from "./deliver";

/**
 * Subscriptions are delivered in the server process: those whose `next_delivery_date` has passed, looked for every
 * HEDGEROW_SUBSCRIPTION_POLL_MS (a minute by default) and after each create or schedule change. Processes sharing
 * one PostgreSQL claim them (lib/subscriptions/deliver.ts), so each delivery is sent once.
 */

const LOOP = "subscriptions";

async function pass(): Promise<number> {
  const due = await claimDueSubscriptions();
  for (const id of due) await deliverSubscription(id);
  return due.length;
}

/** The process's delivery loop. */
export function startSubscriptionDeliveries(pollMs = config.subscriptionPollMs) {
  return startPollLoop({ name: LOOP, pollMs, passLimit: PASS_LIMIT, pass });
}

/** Asks this process's loop to look for due deliveries now; without a loop, the next poll does. */
export function kickSubscriptionDeliveries(): void {
  kickPollLoop(LOOP);
}

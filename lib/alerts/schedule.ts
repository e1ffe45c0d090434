import { config } from "@/lib/config";
import { kickPollLoop, startPollLoop } from "@/lib/server/poll-loop";
import { checkAlert, claimDueAlerts, PASS_LIMIT } from "./check";

/**
 * Alerts are checked in the server process: a new or changed alert at once (`kickAlertChecks`), the others when
 * their `next_check_at` passes, looked for every HEDGEROW_ALERT_POLL_MS (two minutes by default, as PostHog's
 * schedule). Processes sharing one PostgreSQL claim alerts (lib/alerts/check.ts), so each is checked once.
 */

const LOOP = "alerts";

async function pass(): Promise<number> {
  const due = await claimDueAlerts();
  for (const id of due) await checkAlert(id);
  return due.length;
}

/** The process's alert loop. */
export function startAlertChecks(pollMs = config.alertPollMs) {
  return startPollLoop({ name: LOOP, pollMs, passLimit: PASS_LIMIT, pass });
}

/** Asks this process's loop to check due alerts now (a create or a change); without a loop, the next poll does. */
export function kickAlertChecks(): void {
  kickPollLoop(LOOP);
}

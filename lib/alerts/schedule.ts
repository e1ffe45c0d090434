import { config } from "@/lib/config";
import { checkAlert, claimDueAlerts, PASS_LIMIT } from "./check";

/**
 * Alerts are checked in the server process: a new or changed alert at once (`kickAlertChecks`), the others when
 * their `next_check_at` passes, looked for every HEDGEROW_ALERT_POLL_MS (two minutes by default, as PostHog's
 * schedule). Processes sharing one PostgreSQL claim alerts (lib/alerts/check.ts), so each is checked once.
 */

interface Loop {
  kick: () => void;
  stop: () => Promise<void>;
}
const holder = globalThis as unknown as { __hedgerowAlertChecks?: Loop };

async function pass(): Promise<number> {
  const due = await claimDueAlerts();
  for (const id of due) await checkAlert(id);
  return due.length;
}

/** The process's alert loop. */
export function startAlertChecks(pollMs = config.alertPollMs): Loop {
  if (holder.__hedgerowAlertChecks) return holder.__hedgerowAlertChecks;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    clearTimeout(timer);
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => {
        console.error("[alerts] check pass failed:", error);
        return 0;
      })
      .then((done) => {
        running = null;
        // A full pass may have left more due; a kick during the pass asks for another.
        if (again || done === PASS_LIMIT) {
          again = false;
          run();
        } else if (!stopped) {
          timer = setTimeout(run, pollMs);
          timer.unref();
        }
      });
  };
  const loop: Loop = {
    kick: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      holder.__hedgerowAlertChecks = undefined;
    },
  };
  holder.__hedgerowAlertChecks = loop;
  run();
  return loop;
}

/** Asks this process's loop to check due alerts now (a create or a change); without a loop, the next poll does. */
export function kickAlertChecks(): void {
  holder.__hedgerowAlertChecks?.kick();
}

import { config } from "@/lib/config";
import { exclusively } from "@/lib/db/advisory-lock";
import { squashPersonOverrides } from "./squash-person-overrides";
import { getEventStore } from "./store/open";

/** Key of the advisory lock that keeps squashes of processes sharing one PostgreSQL (and ClickHouse) apart. */
const SQUASH_LOCK = 0x7371_7368; // "sqsh"

const holder = globalThis as unknown as { __hedgerowOverridesSquash?: { stop: () => Promise<void> } };

/** The process's squash loop: one squash every `intervalMinutes` (the first one interval after start). */
export function startOverridesSquash(settings = config.overridesSquash): { stop: () => Promise<void> } {
  if (holder.__hedgerowOverridesSquash) return holder.__hedgerowOverridesSquash;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = getEventStore()
        .then((store) => exclusively(SQUASH_LOCK, () => squashPersonOverrides(store, { graceSeconds: settings.graceSeconds })))
        .then((result) => {
          if (result && result.folded + result.dropped > 0)
            console.log(`[squash] folded ${result.folded} moved distinct ids into their events, dropped ${result.dropped}`);
        })
        .catch((error: unknown) => console.error("[squash] failed:", error))
        .finally(schedule);
    }, settings.intervalMinutes * 60_000);
    timer.unref();
  };
  schedule();
  const loop = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      holder.__hedgerowOverridesSquash = undefined;
    },
  };
  holder.__hedgerowOverridesSquash = loop;
  return loop;
}

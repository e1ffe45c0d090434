import { ApiError } from "@/lib/api/errors";
import { config } from "@/lib/config";
import { getEventStore, type EventStore } from "@/lib/events/store";
import { queryLimitError } from "@/lib/events/store/limits";

/** How many analysis queries run at once (HEDGEROW_ANALYSIS_CONCURRENCY, default: one per core). */
export const ANALYSIS_CONCURRENCY = config.analysisConcurrency;
/** How many more may wait for a turn; past that a caller is told to come back (429), not queued without end. */
export const ANALYSIS_QUEUE_LIMIT = 200;

interface Slots {
  running: number;
  waiting: (() => void)[];
}

// One queue per process, on globalThis like the stores: every route bundle must share it.
const holder = globalThis as unknown as { __hedgerowAnalysisSlots?: Slots };
const slots: Slots = (holder.__hedgerowAnalysisSlots ??= { running: 0, waiting: [] });

const busy = () =>
  new ApiError(
    429,
    "throttled_error",
    "concurrency_limit_exceeded",
    "Too many analyses are running at once. Try again in a few seconds.",
  );

/** Runs `work` once one of the ANALYSIS_CONCURRENCY slots is free, in arrival order; a 429 when the queue is full. */
export async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (slots.running >= ANALYSIS_CONCURRENCY) {
    if (slots.waiting.length >= ANALYSIS_QUEUE_LIMIT) throw busy();
    await new Promise<void>((resolve) => slots.waiting.push(resolve));
  } else {
    slots.running++;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, else it is freed.
    const next = slots.waiting.shift();
    if (next) next();
    else slots.running--;
  }
}

/**
 * The event store as analyses read it: a few queries run at once and the rest wait their turn, so heavy
 * analyses leave the engine's threads to ingestion and cheap routes; and a query the engine stopped at one of
 * its limits answers PostHog's error for it instead of a server error.
 */
export async function getAnalysisStore(): Promise<Pick<EventStore, "query">> {
  const store = await getEventStore();
  return {
    query<T>(...args: Parameters<EventStore["query"]>) {
      return inTurn(() => store.query<T>(...args)).catch((error: unknown) => {
        throw queryLimitError(error) ?? error;
      });
    },
  };
}

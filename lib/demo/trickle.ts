// The demo's live trickle: the next few events of an endless stream of demo visitors, stamped with the current time
// and ingested as capture ingests them, so the demo's charts move while someone looks at them.
import { randomInt } from "node:crypto";
import { ingest } from "@/lib/ingestion/pipeline";
import type { CapturedEvent } from "@/lib/ingestion/types";
import { type DemoEvent, generateDemoEvents } from "@/scripts/demo/generate";
import type { TrickleSettings } from "./settings";

const DAY_MS = 86_400_000;
/** Events of one tick are this far apart, in the order the visitor did them. */
const SPACING_MS = 250;

export interface Trickle {
  /** Ingests the next events into the project (none once the day's cap is reached); answers how many. */
  tick(projectId: number): Promise<number>;
}

/** A demo event as capture hands it to ingestion, happening at `timestamp`. */
export const asCaptured = (event: DemoEvent, timestamp: Date): CapturedEvent => ({
  uuid: event.uuid,
  event: event.event,
  distinctId: event.distinct_id,
  properties: event.properties,
  timestamp,
});

/** A stream of visitors (a seed of its own, so each server start's events are new) cut into `eventsPerTick` events. */
export function createTrickle(settings: Pick<TrickleSettings, "eventsPerTick" | "maxEventsPerDay">, seed = randomInt(2 ** 31)): Trickle {
  const stream = generateDemoEvents({
    events: Number.POSITIVE_INFINITY,
    seed,
    now: Date.now(),
    days: 7,
    batchSize: settings.eventsPerTick,
  });
  let day = -1;
  let today = 0;
  return {
    async tick(projectId) {
      const now = Date.now();
      if (Math.floor(now / DAY_MS) !== day) [day, today] = [Math.floor(now / DAY_MS), 0];
      if (today >= settings.maxEventsPerDay) return 0;
      const batch: DemoEvent[] = (stream.next().value || []).slice(0, settings.maxEventsPerDay - today);
      const events = batch.map((event, index) => asCaptured(event, new Date(now - (batch.length - 1 - index) * SPACING_MS)));
      const result = await ingest({ id: projectId }, events);
      today += events.length;
      return result.stored;
    },
  };
}

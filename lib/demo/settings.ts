/** How the demo settings say "off" (HEDGEROW_DEMO, HEDGEROW_DEMO_TRICKLE). */
export const isOff = (value: string | undefined) => ["false", "0", "no", "off"].includes((value ?? "").trim().toLowerCase());

/** The server's demo job: whether it runs at all, and the live trickle's pace and bound (a few events every few seconds, a cap a day). */
export interface TrickleSettings {
  /** HEDGEROW_DEMO not off: the demo's content is made once it is loaded. */
  demo: boolean;
  /** The trickle too. */
  enabled: boolean;
  everyMs: number;
  eventsPerTick: number;
  maxEventsPerDay: number;
}

/** On while the demo is on, unless HEDGEROW_DEMO_TRICKLE turns it off. */
export function trickleSettings(env: Record<string, string | undefined>): TrickleSettings {
  const demo = !isOff(env.HEDGEROW_DEMO);
  return { demo, enabled: demo && !isOff(env.HEDGEROW_DEMO_TRICKLE), everyMs: 5_000, eventsPerTick: 4, maxEventsPerDay: 10_000 };
}

/** An event as destinations get it: stored (with its `uuid`, for the receiver's dedup), with its person. */
export interface DestinationEvent {
  event: {
    uuid: string;
    event: string;
    distinct_id: string;
    timestamp: string;
    properties: Record<string, unknown>;
    elements_chain: string;
  };
  person: { id: string; properties: Record<string, unknown> } | null;
}

/** An enabled destination's settings, read (or refused) once: which events it takes, and how it delivers a batch. */
export interface PreparedDestination {
  accepts(event: DestinationEvent): boolean;
  /** Delivers every event or throws (the batch is retried whole: receivers dedupe on `uuid`). */
  deliver(events: DestinationEvent[], signal: AbortSignal): Promise<void>;
}

/** A catalog destination Hedgerow runs itself. */
export interface BuiltInDestination {
  prepare(config: Record<string, unknown>): PreparedDestination;
}

/** Comma-separated event names of a setting (empty: none). */
export function eventNames(value: unknown): Set<string> {
  if (typeof value !== "string") return new Set();
  return new Set(
    value
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

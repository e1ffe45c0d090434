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
  /** The event's project (its `team_id` where a destination writes one). */
  projectId: number;
}

/** A request a destination would send, as the apps page's test shows it: secrets masked, nothing sent. */
interface PreviewRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** What a preview shows in place of a secret (a header value, an API key). */
export const MASKED = "********";

/** An enabled destination's settings, read (or refused) once: which events it takes, and how it delivers a batch. */
export interface PreparedDestination {
  accepts(event: DestinationEvent): boolean;
  /** The requests `deliver` would send for this one event (none when it is not taken), secrets masked. */
  preview(event: DestinationEvent): PreviewRequest[];
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

/**
 * One event as capture accepted it: validated, normalized (every string well-formed: no U+0000, no lone
 * surrogate), its timestamp corrected for the client's clock.
 */
export interface CapturedEvent {
  /** The event's id (the client's, or generated); retries with the same uuid are stored once. */
  uuid: string;
  event: string;
  distinctId: string;
  properties: Record<string, unknown>;
  /** When it happened, in server time (`sent_at` skew applied). */
  timestamp: Date;
}

/** What ingestion did with a request's events, once they are durable. */
export interface IngestionResult {
  /** Events written now. */
  stored: number;
  /** Events whose uuid was already stored (client retries). */
  duplicates: number;
  /** Events a database refused for their data (stored alone, they still failed): retrying them cannot help. */
  refused: RefusedEvent[];
}

interface RefusedEvent {
  /** Its index among the request's events. */
  index: number;
  reason: string;
}

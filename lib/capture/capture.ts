import type { Project } from "@/lib/db/schema";
import type { CapturedEvent, IngestionResult } from "@/lib/ingestion/types";
import { transformEvents } from "@/lib/plugins/transformations/run";
import { decodeCaptureBody, MalformedBody, type RawCaptureRequest } from "./decode";
import { captureError } from "./errors";
import { parseCapture, resolveToken, tokenShapeProblem, type InvalidEvent } from "./events";
import { projectForToken } from "./projects";

export type Ingest = (project: Project, events: CapturedEvent[]) => Promise<IngestionResult>;

export interface CaptureAnswer {
  status: 1;
  invalid_events?: InvalidEvent[];
}

/**
 * One capture request, PostHog's `get_event`: decode, authenticate by project token, validate the events,
 * and answer only once the valid ones are durable. Events that cannot be stored (invalid, or refused by a
 * database) are listed by their index in the batch while the others are stored: a 200 whenever one was, so the
 * client does not send the stored ones again. Throws the ApiError PostHog answers otherwise.
 */
export async function capture(raw: RawCaptureRequest, maxBytes: number, ingest: Ingest): Promise<CaptureAnswer> {
  const now = new Date();
  const { payload, form } = await decodeCaptureBody(raw, maxBytes).catch((error) => {
    throw error instanceof MalformedBody ? captureError.malformed(error.message) : error;
  });
  if (isEmpty(payload)) throw captureError.noData();

  const token = resolveToken(payload, raw.query, form);
  if (!token) throw captureError.missingToken();
  const shapeProblem = tokenShapeProblem(token);
  if (shapeProblem) throw captureError.badTokenShape(shapeProblem);
  const project = await projectForToken(token as string);
  if (!project) throw captureError.unknownToken();

  const { events, positions, invalid } = parseCapture(payload, { now, query: raw.query, form });
  if (!events.length) throw captureError.invalidPayload(invalid[0]?.reason ?? "the batch has no events");
  recordAddress(events, raw.ip, project.anonymizeIps);
  // Events the project's transformations drop are answered as taken, as PostHog does.
  const transformed = await transformEvents(project.id, events, { deferCounts: true });
  const { refused } = transformed.events.length ? await ingest(project, transformed.events) : { refused: [] };
  const notStored = [...invalid, ...refused.map(({ index, reason }) => ({ index: positions[transformed.kept[index]], reason }))];
  notStored.sort((a, b) => a.index - b.index);
  // Nothing was stored: answered as when no event is valid.
  if (refused.length && refused.length === transformed.events.length) throw captureError.invalidPayload(notStored[0].reason);
  return notStored.length ? { status: 1, invalid_events: notStored } : { status: 1 };
}

/**
 * PostHog's ingestion: the sender's address is the events' `$ip` unless they name one themselves (null included);
 * with the project's `anonymize_ips` none is kept, before transformations (GeoIP) could read it.
 */
export function recordAddress(events: CapturedEvent[], ip: string | null, anonymize: boolean) {
  for (const event of events) {
    if (anonymize) delete event.properties.$ip;
    else if (ip && !("$ip" in event.properties)) event.properties.$ip = ip;
  }
}

/** Django's `if not data`: no body, `{}` and `[]` are all "no data". */
function isEmpty(payload: unknown): boolean {
  if (payload === null || payload === undefined || payload === "" || payload === false || payload === 0) return true;
  if (Array.isArray(payload)) return payload.length === 0;
  return typeof payload === "object" && Object.keys(payload).length === 0;
}

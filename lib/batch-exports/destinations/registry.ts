import { httpDestination } from "./http";
import { postgresDestination } from "./postgres";
import { s3Destination } from "./s3";
import type { Destination } from "./types";

/** Discards what it is given (PostHog's NoOp: runs complete, counting their records). */
const noopDestination: Destination = {
  format: "jsonl",
  open: async () => ({ writePage: async () => undefined, close: async () => undefined }),
  check: async () => undefined,
};

/** The destinations Hedgerow can write to, by PostHog's `destination.type`. */
const DESTINATIONS: Record<string, Destination> = {
  Postgres: postgresDestination("Postgres"),
  Redshift: postgresDestination("Redshift"),
  S3: s3Destination,
  HTTP: httpDestination,
  NoOp: noopDestination,
};

export function destinationFor(type: string): Destination {
  const destination = DESTINATIONS[type];
  if (!destination) throw new Error(`The destination type ${type} is not available here.`);
  return destination;
}

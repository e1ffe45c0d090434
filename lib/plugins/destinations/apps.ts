import { catalogEntry } from "../catalog";
import { RUN_BY_HEDGEROW } from "../runs";
import { customerio } from "./customerio";
import { hubspot } from "./hubspot";
import type { BuiltInDestination } from "./kinds";
import { postgresExport } from "./postgres-export";
import { replicator } from "./replicator";
import { s3Export } from "./s3-export";
import { webhook } from "./webhook";

/** The catalog destinations Hedgerow delivers to, by catalog URL (lowercased). */
const BUILT_IN_DESTINATIONS: Record<string, BuiltInDestination> = {
  [RUN_BY_HEDGEROW.webhook]: webhook,
  [RUN_BY_HEDGEROW.replicator]: replicator,
  [RUN_BY_HEDGEROW.customerio]: customerio,
  [RUN_BY_HEDGEROW.hubspot]: hubspot,
  [RUN_BY_HEDGEROW.s3Export]: s3Export,
  [RUN_BY_HEDGEROW.postgresExport]: postgresExport,
};

/** The built-in implementation of a catalog destination, by its URL; none for other apps. */
export function builtInDestination(url: string | null) {
  const entry = catalogEntry(url);
  return entry ? BUILT_IN_DESTINATIONS[entry.url.toLowerCase()] : undefined;
}

import { catalogEntry } from "../catalog";
import { RUN_BY_HEDGEROW } from "../runs";
import type { BuiltInDestination } from "./kinds";
import { replicator } from "./replicator";
import { webhook } from "./webhook";

/** The catalog destinations Hedgerow delivers to, by catalog URL (lowercased). */
const BUILT_IN_DESTINATIONS: Record<string, BuiltInDestination> = {
  [RUN_BY_HEDGEROW.webhook]: webhook,
  [RUN_BY_HEDGEROW.replicator]: replicator,
};

/** The built-in implementation of a catalog destination, by its URL; none for other apps. */
export function builtInDestination(url: string | null) {
  const entry = catalogEntry(url);
  return entry ? BUILT_IN_DESTINATIONS[entry.url.toLowerCase()] : undefined;
}

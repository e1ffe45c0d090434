import type { EventStore } from "@/lib/events/store/open";
import type { GroupMirrorRow } from "@/lib/persons/repository";

/**
 * Writes the groups a batch changed to ClickHouse's `groups` (clickhouse/migrations/0008): each is its whole row
 * again at the metadata database's version, so analyses read a group's current properties by argMax(…, version).
 */
export async function mirrorGroups(store: EventStore, rows: readonly GroupMirrorRow[]) {
  if (rows.length > 0) await store.insert("groups", [...rows]);
}

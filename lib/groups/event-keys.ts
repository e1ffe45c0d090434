import { eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { groupTypeMappings } from "@/lib/db/schema";

/**
 * Events carry their group keys by type index (G1, G11–G13): `$group_<index>` = the `$groups` key of each type the
 * project has an index for, as PostHog's plugin-server adds them. ClickHouse keeps them as the columns
 * `group_0` … `group_4` (clickhouse/migrations/0008).
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether an event names groups, so its project's type indexes are needed. */
export const namesGroups = (properties: Record<string, unknown>) =>
  isRecord(properties.$groups) && Object.keys(properties.$groups).length > 0;

/** The project's group type → index (read inside the transaction that just added the batch's new types). */
export async function groupTypeIndexes(tx: Tx, projectId: number): Promise<Map<string, number>> {
  const rows = await tx
    .select({ type: groupTypeMappings.groupType, index: groupTypeMappings.groupTypeIndex })
    .from(groupTypeMappings)
    .where(eq(groupTypeMappings.projectId, projectId));
  return new Map(rows.map((row) => [row.type, row.index]));
}

/**
 * `properties` with `$group_<index>` set for each `$groups` entry whose type has an index (keys as text, cut at 400
 * characters like the groups' own); the same object when there is nothing to add.
 */
export function withGroupKeys(properties: Record<string, unknown>, indexes: ReadonlyMap<string, number>): Record<string, unknown> {
  const named = properties.$groups;
  if (!isRecord(named)) return properties;
  let result = properties;
  for (const [type, key] of Object.entries(named)) {
    const index = indexes.get(type.slice(0, 400));
    if (index === undefined || (typeof key !== "string" && typeof key !== "number") || key === "") continue;
    if (result === properties) result = { ...properties };
    result[`$group_${index}`] = String(key).slice(0, 400);
  }
  return result;
}

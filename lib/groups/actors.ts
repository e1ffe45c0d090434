import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { groupTypeMappings, groups } from "@/lib/db/schema";

/**
 * Groups as the actors of a group-aggregated analysis (G1): where persons endpoints list persons, a funnel or
 * retention aggregated by a group type lists that type's groups, in PostHog's group actor shape.
 */
export const ZGroupActor = z
  .object({
    type: z.literal("group"),
    /** The group key (an actor's id). */
    id: z.string(),
    group_key: z.string(),
    group_type_index: z.number().int(),
    properties: z.record(z.string(), z.unknown()),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "GroupActor" });
export type TGroupActor = z.output<typeof ZGroupActor>;

/** The project's groups of type `index` with these keys, in the keys' order; keys no group row has are skipped. */
export async function loadGroupActors(projectId: number, index: number, keys: string[]): Promise<TGroupActor[]> {
  if (keys.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ key: groups.groupKey, properties: groups.properties, createdAt: groups.createdAt })
    .from(groups)
    .innerJoin(groupTypeMappings, and(eq(groupTypeMappings.projectId, groups.projectId), eq(groupTypeMappings.groupType, groups.groupType)))
    .where(and(eq(groups.projectId, projectId), eq(groupTypeMappings.groupTypeIndex, index), inArray(groups.groupKey, keys)));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys
    .filter((key) => byKey.has(key))
    .map((key) => {
      const row = byKey.get(key)!;
      return {
        type: "group",
        id: key,
        group_key: key,
        group_type_index: index,
        properties: row.properties,
        created_at: row.createdAt.toISOString(),
      };
    });
}

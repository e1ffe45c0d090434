import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { insights } from "@/lib/db/schema";

// Which saved insights refer to an action, an event or a property: their legacy filters and their query, searched
// as JSON (jsonpath) in the metadata database, the project's insights only, the most recently changed first.

/** Insights named at most; `count` says how many there are in all. */
const MAX_USAGE_LISTED = 20;

export const ZInsightUsage = z
  .object({
    count: z.number().int().describe("Insights (not deleted) referring to it."),
    results: z
      .array(z.object({ id: z.number().int(), short_id: z.string(), name: z.string().nullable(), derived_name: z.string().nullable() }))
      .describe(`The ${MAX_USAGE_LISTED} most recently changed of them.`),
  })
  .meta({ id: "InsightUsage" });

type TInsightUsage = z.output<typeof ZInsightUsage>;

/** A reference, as a jsonpath predicate on any object of the filters or the query, with its variables. */
export type Reference = { path: string; vars: Record<string, string | number> };

const inBoth = ({ path, vars }: Reference): SQL => {
  const variables = JSON.stringify(vars);
  return sql`(jsonb_path_exists(${insights.filters}, ${path}::jsonpath, ${variables}::jsonb)
    OR coalesce(jsonb_path_exists(${insights.query}, ${path}::jsonpath, ${variables}::jsonb), false))`;
};

/** An action: a legacy entity of type `actions` or an `ActionsNode` with its id. */
export const actionReference = (id: number): Reference => ({
  path: `$.** ? ((@.type == "actions" && @.id == $id) || (@.kind == "ActionsNode" && @.id == $id))`,
  vars: { id },
});

/** An event: a legacy entity of type `events` or an `EventsNode` naming it. */
export const eventReference = (name: string): Reference => ({
  path: `$.** ? ((@.type == "events" && @.id == $name) || (@.kind == "EventsNode" && @.event == $name))`,
  vars: { name },
});

/** A property: a filter on it (of that type) anywhere, or a breakdown by it. */
export const propertyReference = (name: string, type: "event" | "person" | "group"): Reference => ({
  path: `$.** ? ((@.key == $name && @.type == $type) || @.breakdown == $name)`,
  vars: { name, type },
});

export async function insightsUsing(projectId: number, reference: Reference): Promise<TInsightUsage> {
  const db = await getDb();
  const where = and(eq(insights.projectId, projectId), eq(insights.deleted, false), inBoth(reference));
  const [{ total }] = await db.select({ total: count() }).from(insights).where(where);
  const rows = await db
    .select({ id: insights.id, short_id: insights.shortId, name: insights.name, derived_name: insights.derivedName })
    .from(insights)
    .where(where)
    .orderBy(desc(insights.lastModifiedAt), desc(insights.id))
    .limit(MAX_USAGE_LISTED);
  return { count: total, results: rows };
}

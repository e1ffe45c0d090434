import { z } from "zod";
import { ZSearch } from "@/lib/api/search";
import { ZProperties as ZPropertyFilters } from "@/lib/analytics/filters/properties";
import { ZProjectParams } from "@/lib/projects/schemas";

const ZProperties = z.record(z.string(), z.unknown());

export const ZPerson = z
  .object({
    id: z.uuid(),
    uuid: z.uuid(),
    /** The person's email, name or username property, else its first distinct id. */
    name: z.string(),
    distinct_ids: z.array(z.string()),
    properties: ZProperties,
    created_at: z.iso.datetime(),
    is_identified: z.boolean(),
  })
  .meta({ id: "Person" });

/** A person as an event shows it. */
export const ZEventPerson = z
  .object({ id: z.uuid(), uuid: z.uuid(), distinct_ids: z.array(z.string()), properties: ZProperties })
  .meta({ id: "EventPerson" });

const ZPersonListQuery = z.object({
  search: ZSearch.optional().describe("A distinct id (exact), or part of the email or name property (case-insensitive)."),
  distinct_id: z.string().max(400).optional().describe("The person having this distinct id."),
});

const NAME_PROPERTIES = ["email", "name", "username"];

/** A person's display name (the API's and the browser's): PostHog's name properties in order, then the first distinct id, then the id. */
export function personName(properties: Record<string, unknown>, distinctIds: readonly string[], id: string): string {
  for (const key of NAME_PROPERTIES) {
    const value = properties[key];
    if ((typeof value === "string" && value !== "") || typeof value === "number") return String(value);
  }
  return distinctIds[0] ?? id;
}

export const ZPersonParams = ZProjectParams.extend({ personId: z.uuid() });

export type TPerson = z.infer<typeof ZPerson>;
export type TEventPerson = z.infer<typeof ZEventPerson>;

/** The persons list's query: search and paging, and person property filters. */
export const ZPersonListFilters = ZPersonListQuery.extend({
  properties: ZPropertyFilters.describe(
    "Person property filters as JSON (the analyses' shape: a list, all of which must match, or an AND/OR group).",
  ),
});
export type TPersonListFilters = typeof ZPersonListFilters._output;

import { z } from "zod";
import { intish } from "@/lib/analytics/filters/params";
import { ZPerson } from "@/lib/persons/schemas";
import { ZGroupActor } from "./actors";
import { MAX_GROUP_TYPES } from "./limits";

/** Actors of each kind `related/` lists at most: persons, and the groups of each other type. */
export const RELATED_LIMIT = 100;
/** How far back shared events count: PostHog's 90 days. */
export const RELATED_DAYS = 90;

export const ZRelatedQuery = z
  .object({
    group_type_index: intish
      .pipe(
        z
          .number()
          .int()
          .min(0)
          .max(MAX_GROUP_TYPES - 1),
      )
      .optional()
      .describe("The type of the group `id` is a key of; absent: `id` is a person's UUID."),
    id: z.string().min(1).max(400).describe("The group's key, or (without `group_type_index`) the person's UUID."),
  })
  .superRefine((query, ctx) => {
    if (query.group_type_index === undefined && !z.uuid().safeParse(query.id).success)
      ctx.addIssue({ code: "custom", message: "Without group_type_index, id must be a person's UUID.", path: ["id"] });
  });
export type TRelatedQuery = z.output<typeof ZRelatedQuery>;

const ZRelatedPerson = ZPerson.extend({ type: z.literal("person") }).meta({ id: "RelatedPerson" });

export const ZRelatedActors = z
  .array(z.union([ZRelatedPerson, ZGroupActor]))
  .describe(
    `The persons (for a group) and the groups of other types that shared an event with the actor in the last ${RELATED_DAYS} days: persons first, then groups by type index; at most ${RELATED_LIMIT} of each kind, most recently shared first.`,
  )
  .meta({ id: "RelatedActors" });
export type TRelatedActors = z.output<typeof ZRelatedActors>;

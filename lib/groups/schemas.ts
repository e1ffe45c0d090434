import { z } from "zod";
import { ZSearch } from "@/lib/api/search";
import { intish } from "@/lib/analytics/filters/params";
import { MAX_GROUP_TYPES } from "./limits";

const groupTypeIndex = intish.pipe(
  z
    .number()
    .int()
    .min(0)
    .max(MAX_GROUP_TYPES - 1),
);

export const ZGroupType = z
  .object({
    group_type: z.string(),
    group_type_index: z.number().int(),
    name_singular: z.string().nullable(),
    name_plural: z.string().nullable(),
  })
  .meta({ id: "GroupType" });
export type TGroupType = z.output<typeof ZGroupType>;

/** `update_metadata`: new names for some of the project's types, by index. */
export const ZGroupTypesMetadata = z
  .array(
    z.object({
      group_type_index: z
        .number()
        .int()
        .min(0)
        .max(MAX_GROUP_TYPES - 1),
      name_singular: z.string().trim().max(400).nullish(),
      name_plural: z.string().trim().max(400).nullish(),
    }),
  )
  .max(MAX_GROUP_TYPES);

export const ZGroup = z
  .object({
    group_type_index: z.number().int(),
    group_key: z.string(),
    group_properties: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  })
  .meta({ id: "Group" });
export type TGroup = z.output<typeof ZGroup>;

export const ZGroupsQuery = z.object({
  group_type_index: groupTypeIndex.describe("The group type whose groups to list (required)."),
  search: ZSearch.optional().describe("Part of the group's key or of its properties' values."),
  cursor: z.string().max(200).optional().describe("The page to read, from a previous answer's `next` or `previous`."),
});

export const ZGroupsPage = z
  .object({ next: z.string().nullable(), previous: z.string().nullable(), results: z.array(ZGroup) })
  .meta({ id: "GroupsPage" });

export const ZGroupFindQuery = z.object({
  group_type_index: groupTypeIndex,
  group_key: z.string().min(1).max(400),
});

export const ZGroupValuesQuery = z.object({
  group_type_index: groupTypeIndex.describe("The group type whose groups' values to list."),
  key: z.string().min(1).max(400).describe("The group property whose values to list."),
  value: z.string().max(400).optional().describe("Only values containing this text (case-insensitive)."),
});
export type TGroupValuesQuery = z.output<typeof ZGroupValuesQuery>;

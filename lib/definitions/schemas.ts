import { z } from "zod";
import { ZSearch } from "@/lib/api/search";
import { validationError } from "@/lib/api/errors";
import { intish } from "@/lib/analytics/filters/params";
import { MAX_GROUP_TYPES } from "@/lib/groups/limits";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZUserBasic } from "@/lib/users/serialize";
import { PROPERTY_TYPES } from "./property-types";

/** Names a filter may list at most (`event_names`, `excluded_properties`, `names`, `properties`, `event_name`). */
const MAX_FILTER_NAMES = 200;
/** Property values answered at most, the most frequent first. */
export const MAX_PROPERTY_VALUES = 50;

export const ZEventDefinitionParams = ZProjectParams.extend({ eventDefinitionId: z.uuid() });
export const ZPropertyDefinitionParams = ZProjectParams.extend({ propertyDefinitionId: z.uuid() });

const ZName = z.string().max(400);

/** A JSON-encoded list of names in a query parameter (PostHog passes `event_names` so, for the frontend's `combineUrl`). */
const ZJsonNames = z.string().transform((text, ctx) => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: "custom", message: "Must be a JSON-encoded list of names." });
    return z.NEVER;
  }
  const names = z.array(ZName).max(MAX_FILTER_NAMES).safeParse(value);
  if (!names.success) {
    ctx.addIssue({ code: "custom", message: `Must be a JSON-encoded list of at most ${MAX_FILTER_NAMES} names.` });
    return z.NEVER;
  }
  return names.data;
});

/** A comma-separated list of names in a query parameter. */
const ZCommaNames = z
  .string()
  .transform((text) => [...new Set(text.split(",").filter((name) => name !== ""))])
  .pipe(z.array(ZName).max(MAX_FILTER_NAMES, `Ensure this list has at most ${MAX_FILTER_NAMES} names.`));

/** DRF's BooleanField in a query string. */
const ZQueryBoolean = z
  .string()
  .max(40)
  .pipe(z.enum(["true", "false", "True", "False", "1", "0"]))
  .transform((value) => value === "true" || value === "True" || value === "1");

const EVENT_DEFINITION_ORDERING_FIELDS = ["name", "last_seen_at", "last_seen_at::date", "created_at", "created_at::date"] as const;
export type EventDefinitionOrderingField = (typeof EVENT_DEFINITION_ORDERING_FIELDS)[number];

export const ZEventDefinitionListQuery = z.object({
  search: ZSearch.optional().describe("Case-insensitive match on the name: every whitespace-separated term has to match."),
  event_type: z
    .string()
    .max(40)
    .pipe(z.enum(["event", "event_custom", "event_posthog", "all", "action_event"]))
    .optional()
    .describe("`event_custom` keeps only names without a `$` prefix, `event_posthog` only names with one. Default `event`."),
  ordering: z
    .string()
    .max(400)
    .optional()
    .transform((text) =>
      (text ?? "")
        .split(",")
        .filter((field) => (EVENT_DEFINITION_ORDERING_FIELDS as readonly string[]).includes(field.replace(/^-/, "")))
        .map((field) => ({ field: field.replace(/^-/, "") as EventDefinitionOrderingField, descending: field.startsWith("-") })),
    )
    .describe(
      "Sort keys (comma-separated, `-` for descending): name, last_seen_at, created_at (and their `::date`). Default `-last_seen_at::date,name`; unknown keys are ignored.",
    ),
  names: ZCommaNames.optional().describe("Only these names (comma-separated)."),
  excluded_properties: ZJsonNames.optional().describe("JSON-encoded list of event names to leave out."),
  exclude_stale: ZQueryBoolean.optional().describe("Leave out events not seen in the last 30 days."),
  exclude_hidden: ZQueryBoolean.optional().describe("Leave out hidden definitions (what the pickers offer)."),
});

export const ZEventDefinition = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    created_at: z.iso.datetime().nullable(),
    last_seen_at: z.iso.datetime().nullable(),
    updated_at: z.iso.datetime().nullable(),
    updated_by: ZUserBasic.nullable(),
    volume_30_day: z.number().int().nullable().describe("Events of this name in the last 30 days."),
    query_usage_30_day: z.number().int().nullable().describe("Not tracked: always null (as PostHog's open-source edition)."),
    is_action: z.boolean(),
    action_id: z.number().int().nullable(),
    is_calculating: z.boolean(),
    last_calculated_at: z.iso.datetime().nullable(),
    created_by: ZUserBasic.nullable(),
    post_to_slack: z.boolean(),
    verified: z.boolean().describe("Vouched for by someone in the project (PostHog's enterprise taxonomy)."),
    verified_at: z.iso.datetime().nullable(),
    verified_by: ZUserBasic.nullable(),
    hidden: z.boolean().describe("Left out of the pickers (`exclude_hidden`); never verified at the same time."),
  })
  .meta({ id: "EventDefinition" });

const ZTags = z.array(z.string().max(255)).max(100);

/** PostHog's enterprise serializers refuse a definition both hidden and verified. */
const neverBoth = (update: { verified?: boolean; hidden?: boolean }, ctx: z.RefinementCtx) => {
  if (update.verified && update.hidden)
    ctx.addIssue({ code: "custom", message: "A definition cannot be both hidden and verified.", path: ["hidden"] });
};

export const ZEventDefinitionUpdate = z
  .object({ description: z.string().max(10_000), tags: ZTags, verified: z.boolean(), hidden: z.boolean() })
  .partial()
  .superRefine(neverBoth)
  .meta({ id: "PatchedEventDefinition" });

export const ZPropertyDefinitionListQuery = z
  .object({
    type: z
      .string()
      .max(40)
      .pipe(z.enum(["event", "person", "group"]))
      .default("event")
      .describe("Which property definitions: of events (default), of persons, or of the groups of `group_type_index`."),
    group_type_index: intish
      .pipe(
        z
          .number()
          .int()
          .min(0)
          .max(MAX_GROUP_TYPES - 1),
      )
      .optional()
      .describe("With `type=group` (and only then): the group type whose properties to list."),
    search: ZSearch.optional().describe("Case-insensitive match on the name: every whitespace-separated term has to match."),
    properties: ZCommaNames.optional().describe("Only these names (comma-separated)."),
    is_numerical: ZQueryBoolean.optional().describe("Only numerical properties (true), or only the others (false)."),
    is_feature_flag: ZQueryBoolean.optional().describe("Only `$feature/…` properties (true), or only the others (false)."),
    event_names: ZJsonNames.optional().describe(
      "JSON-encoded list of event names: `is_seen_on_filtered_events` tells whether each property was seen with one of them, and those that were come first.",
    ),
    filter_by_event_names: ZQueryBoolean.optional().describe("With `event_names`: only the properties seen with one of them."),
    excluded_properties: ZJsonNames.optional().describe("JSON-encoded list of property names to leave out."),
    exclude_core_properties: ZQueryBoolean.optional().describe("Leave out PostHog's own properties (names starting with `$`)."),
    exclude_hidden: ZQueryBoolean.optional().describe("Leave out hidden definitions (what the pickers offer)."),
  })
  .superRefine((query, ctx) => {
    if (query.type !== "event" && query.event_names !== undefined)
      ctx.addIssue({ code: "custom", message: "`event_names` can only be set for `event` type", path: [] });
    if (query.type === "group" && query.group_type_index === undefined)
      ctx.addIssue({ code: "custom", message: "`group_type_index` must be set for `group` type", path: ["group_type_index"] });
    if (query.type !== "group" && query.group_type_index !== undefined)
      ctx.addIssue({ code: "custom", message: "`group_type_index` can only be set for `group` type", path: ["group_type_index"] });
  });

export const ZPropertyDefinition = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    is_numerical: z.boolean(),
    property_type: z.enum(PROPERTY_TYPES).nullable(),
    is_seen_on_filtered_events: z
      .boolean()
      .nullable()
      .describe("Whether the property was seen with one of the `event_names` of the request; null without them."),
    updated_at: z.iso.datetime().nullable(),
    updated_by: ZUserBasic.nullable(),
    verified: z.boolean().describe("Vouched for by someone in the project (PostHog's enterprise taxonomy)."),
    verified_at: z.iso.datetime().nullable(),
    verified_by: ZUserBasic.nullable(),
    hidden: z.boolean().describe("Left out of the pickers (`exclude_hidden`); never verified at the same time."),
  })
  .meta({ id: "PropertyDefinition" });

export const ZPropertyDefinitionUpdate = z
  .object({
    description: z.string().max(10_000),
    tags: ZTags,
    property_type: z.enum(PROPERTY_TYPES),
    verified: z.boolean(),
    hidden: z.boolean(),
  })
  .partial()
  .superRefine(neverBoth)
  .meta({ id: "PatchedPropertyDefinition" });

export const ZPersonValuesQuery = z.object({
  key: z.string().max(400).optional().describe("The property whose values to list."),
  value: z.string().max(400).optional().describe("Only values containing this text (case-insensitive)."),
});

export const ZEventValuesQuery = ZPersonValuesQuery.extend({
  event_name: ZName.optional().describe("Only values of events of this name (repeat it for several)."),
});

export const ZEventPropertyValue = z.object({ name: z.string() }).meta({ id: "EventPropertyValue" });
export const ZPersonPropertyValue = z.object({ name: z.string(), count: z.number().int() }).meta({ id: "PersonPropertyValue" });

/**
 * `event_name`, which may be repeated (PostHog reads it with `getlist`, which the query object cannot hold): only
 * values of these events.
 */
export function eventNamesParam(url: URL): string[] {
  const names = url.searchParams.getAll("event_name");
  if (names.length > MAX_FILTER_NAMES)
    throw validationError(`Ensure this list has at most ${MAX_FILTER_NAMES} names.`, "event_name", "max_length");
  if (names.some((name) => name.length > 400))
    throw validationError("Ensure this field has no more than 400 characters.", "event_name", "max_length");
  if (names.some((name) => name.includes("\u0000")))
    throw validationError("Null characters are not allowed.", "event_name", "null_characters_not_allowed");
  return names;
}

export type TEventDefinition = z.infer<typeof ZEventDefinition>;
export type TEventDefinitionListQuery = z.output<typeof ZEventDefinitionListQuery>;
export type TEventDefinitionUpdate = z.output<typeof ZEventDefinitionUpdate>;
export type TPropertyDefinition = z.infer<typeof ZPropertyDefinition>;
export type TPropertyDefinitionListQuery = z.output<typeof ZPropertyDefinitionListQuery>;
export type TPropertyDefinitionUpdate = z.output<typeof ZPropertyDefinitionUpdate>;
export type TEventValuesQuery = z.output<typeof ZEventValuesQuery>;

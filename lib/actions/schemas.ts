import { z } from "zod";
import { ZSearch } from "@/lib/api/search";
import { STRING_MATCHING } from "@/lib/analytics/filters/actions";
import { regexProblem } from "@/lib/analytics/filters/regex";
import { selectorProblem } from "@/lib/analytics/filters/selectors";
import { propertyFilterSql, SqlParams, validateProperties, ZPropertyFilter } from "@/lib/analytics/filters/properties";
import { ApiError } from "@/lib/api/errors";
import { ZIntegerIdText } from "@/lib/db/integers";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZUserBasic } from "@/lib/users/serialize";

export const ZActionParams = ZProjectParams.extend({ actionId: ZIntegerIdText });

const ZMatching = z.enum(STRING_MATCHING);

/** DRF's CharField: blank refused; `trim` where PostHog trims (selector, url). */
const ZStepText = z.string().min(1).nullable().optional();
const ZTrimmedStepText = z.string().trim().min(1).nullable().optional();

/** The filters a step's events must have, as PostHog takes them: a list of property filters, checked as SQL would use them. */
const ZStepProperties = z
  .array(z.record(z.string(), z.unknown()))
  .nullable()
  .optional()
  .superRefine((filters, ctx) => {
    for (const [index, filter] of (filters ?? []).entries()) {
      const parsed = ZPropertyFilter.safeParse(filter, { reportInput: true });
      if (!parsed.success) {
        const [issue] = parsed.error.issues;
        ctx.addIssue({ ...issue, path: [index, ...issue.path] } as never);
        return;
      }
      try {
        validateProperties({ type: "AND", values: [parsed.data] });
        propertyFilterSql(parsed.data, { event: "properties", person: "person_properties" }, new SqlParams());
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        ctx.addIssue({ code: "custom", message: error.detail, path: [index] });
        return;
      }
    }
  });

/** A step as written: every field optional; `url_matching` defaults to `contains` (PostHog's `ActionStepJSON`). */
const ZActionStepWrite = z
  .object({
    event: ZStepText,
    properties: ZStepProperties,
    selector: ZTrimmedStepText,
    tag_name: ZStepText,
    text: ZStepText,
    text_matching: ZMatching.nullable().optional(),
    href: ZStepText,
    href_matching: ZMatching.nullable().optional(),
    url: ZTrimmedStepText,
    url_matching: ZMatching.nullable().optional(),
  })
  .superRefine((step, ctx) => {
    const problem = step.selector ? selectorProblem(step.selector) : null;
    if (problem) ctx.addIssue({ code: "custom", message: `Unsupported selector: ${problem}.`, path: ["selector"] });
    for (const field of ["text", "href", "url"] as const) {
      const pattern = step[field];
      const error = pattern && step[`${field}_matching`] === "regex" ? regexProblem(pattern) : null;
      if (error) ctx.addIssue({ code: "custom", message: `Invalid regular expression: ${error}.`, path: [field] });
    }
  })
  .transform((step) => ({
    event: step.event ?? null,
    properties: step.properties ?? null,
    selector: step.selector ?? null,
    tag_name: step.tag_name ?? null,
    text: step.text ?? null,
    text_matching: step.text_matching ?? null,
    href: step.href ?? null,
    href_matching: step.href_matching ?? null,
    url: step.url ?? null,
    url_matching: step.url_matching === undefined ? ("contains" as const) : step.url_matching,
  }))
  .meta({ id: "ActionStepWrite" });

/** PostHog trims names and refuses blank ones; null is allowed. */
const ZName = z
  .string()
  .trim()
  .max(400)
  .nullable()
  .refine((name) => name === null || name !== "", { message: "This field may not be blank.", params: { code: "blank" } });

export const ZActionWrite = z
  .object({
    name: ZName,
    description: z.string().trim(),
    tags: z.array(z.string().max(255)),
    post_to_slack: z.boolean(),
    slack_message_format: z.string().trim().max(1200),
    steps: z.array(ZActionStepWrite),
    deleted: z.boolean(),
    last_calculated_at: z.iso.datetime({ offset: true }),
    /** Any value pins (at the server's time), null unpins. */
    pinned_at: z.union([z.iso.datetime({ offset: true }), z.literal("").transform(() => null)]).nullable(),
  })
  .partial()
  .meta({ id: "ActionWrite" });

export type TActionWrite = z.output<typeof ZActionWrite>;

const ZActionStep = z
  .object({
    event: z.string().nullable(),
    properties: z.array(z.record(z.string(), z.unknown())).nullable(),
    selector: z.string().nullable(),
    tag_name: z.string().nullable(),
    text: z.string().nullable(),
    text_matching: ZMatching.nullable(),
    href: z.string().nullable(),
    href_matching: ZMatching.nullable(),
    url: z.string().nullable(),
    url_matching: ZMatching.nullable(),
  })
  .meta({ id: "ActionStep" });

export const ZAction = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    description: z.string(),
    tags: z.array(z.string()),
    post_to_slack: z.boolean(),
    slack_message_format: z.string(),
    steps: z.array(ZActionStep),
    created_at: z.iso.datetime(),
    created_by: ZUserBasic.nullable(),
    deleted: z.boolean(),
    is_calculating: z.boolean(),
    last_calculated_at: z.iso.datetime(),
    team_id: z.number().int(),
    is_action: z.literal(true),
    bytecode_error: z.string().nullable(),
    pinned_at: z.iso.datetime().nullable(),
    creation_context: z.string().nullable(),
    user_access_level: z.string().nullable(),
  })
  .meta({ id: "Action" });

/** Steps counted at most by `matching_events` (an action's steps are ORed in one scan). */
const MAX_COUNTED_STEPS = 50;

export const ZActionMatchingBody = z
  .object({ steps: z.array(ZActionStepWrite).max(MAX_COUNTED_STEPS) })
  .meta({ id: "ActionMatchingEvents" });

export const ZActionMatchingCount = z
  .object({
    count: z.number().int().describe("Events of the last `days` days matching any of the steps."),
    days: z.number().int(),
  })
  .meta({ id: "ActionMatchingCount" });

export const ZActionVolumes = z
  .object({
    days: z.number().int(),
    results: z
      .array(z.object({ id: z.number().int(), count: z.number().int().describe("Events of the last `days` days the action matches.") }))
      .describe("The project's actions (the 200 most recent), each with its volume."),
  })
  .meta({ id: "ActionVolumes" });

export const ZActionListQuery = z.object({
  search: ZSearch.optional().meta({ description: "Only actions whose name or description contains this (case-insensitive)" }),
});

import { z } from "zod";
import { ZSearch } from "@/lib/api/search";
import { dateOfInput, ZDateTimeInput } from "@/lib/batch-exports/schemas";
import { ZInteger, ZIntegerIdText } from "@/lib/db/integers";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZUserBasic } from "@/lib/users/serialize";

export const ZAnnotationParams = ZProjectParams.extend({ annotationId: ZIntegerIdText });

/** PostHog's `Annotation.Scope`: where an annotation shows (`dashboard_item` is one insight). */
const ANNOTATION_SCOPES = ["dashboard_item", "dashboard", "project", "organization"] as const;
export type AnnotationScope = (typeof ANNOTATION_SCOPES)[number];

/** The longest content (PostHog's `max_length`). */
export const MAX_ANNOTATION_CONTENT = 400;

const ZScope = z.enum(ANNOTATION_SCOPES);

/** `recording` is one of PostHog's scopes, refused since it was deprecated. */
const ZScopeInput = z
  .enum([...ANNOTATION_SCOPES, "recording"])
  .refine((scope) => scope !== "recording", "Recording scope is deprecated")
  .transform((scope) => scope as AnnotationScope);

export const ZAnnotationWrite = z
  .object({
    /** DRF's CharField: trimmed, blank allowed. */
    content: z.string().trim().max(MAX_ANNOTATION_CONTENT).nullable(),
    date_marker: ZDateTimeInput.nullable(),
    creation_type: z.enum(["USR", "GIT"]),
    /** The insight (by id) a `dashboard_item` annotation belongs to, in this project. */
    dashboard_item: ZInteger.nullable(),
    /** The dashboard a `dashboard` annotation belongs to, in this project. */
    dashboard_id: ZInteger.nullable(),
    deleted: z.boolean(),
    scope: ZScopeInput,
  })
  .partial()
  .meta({ id: "AnnotationWrite" });

export type TAnnotationWrite = z.output<typeof ZAnnotationWrite>;

export const ZAnnotation = z
  .object({
    id: z.number().int(),
    content: z.string().nullable(),
    date_marker: z.iso.datetime().nullable(),
    creation_type: z.enum(["USR", "GIT"]),
    dashboard_item: z.number().int().nullable(),
    dashboard_id: z.number().int().nullable(),
    dashboard_name: z.string().nullable(),
    insight_short_id: z.string().nullable(),
    insight_name: z.string().nullable(),
    insight_derived_name: z.string().nullable(),
    created_by: ZUserBasic.nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    deleted: z.boolean(),
    scope: ZScope,
  })
  .meta({ id: "Annotation" });

/** A list filter's date: ISO 8601 (a date alone is its midnight, UTC). */
const ZDateBound = z
  .string()
  .refine((text) => ZDateTimeInput.safeParse(text).success || z.iso.date().safeParse(text).success, "Enter a valid ISO 8601 date.")
  .transform((text) => dateOfInput(text))
  .optional();

export const ZAnnotationListQuery = z
  .object({
    search: ZSearch.optional().meta({ description: "Only annotations whose content contains this (case-insensitive)" }),
    scope: z
      .enum([...ANNOTATION_SCOPES, "insight"])
      .transform((scope) => (scope === "insight" ? "dashboard_item" : scope))
      .optional()
      .meta({ description: "Only annotations of this scope (`insight` is `dashboard_item`)" }),
    date_from: ZDateBound.meta({ description: "Only annotations dated at or after this" }),
    date_to: ZDateBound.meta({ description: "Only annotations dated at or before this" }),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    message: "Invalid date range: date_from must be before date_to",
    path: [],
  });

export type TAnnotationListQuery = z.output<typeof ZAnnotationListQuery>;

import { z } from "zod";
import { ZSearch } from "@/lib/api/search";
import { ZIntegerIdText } from "@/lib/db/integers";
import { ZPerson } from "@/lib/persons/schemas";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZUserBasic } from "@/lib/users/serialize";

const MAX_NAME_LENGTH = 400;
const MAX_DESCRIPTION_LENGTH = 1000;

export const ZCohortParams = ZProjectParams.extend({ cohortId: ZIntegerIdText });

/** Form fields arrive as text: `is_static=true`. */
const ZFlag = z.preprocess((v) => (v === "true" || v === "True" ? true : v === "false" || v === "False" ? false : v), z.boolean());

const ZName = z.string().trim().min(1).max(MAX_NAME_LENGTH);

/** A form field's JSON (`filters` of a multipart create); text that is no JSON stays text, which the schema refuses. */
function formJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * `POST cohorts/`: JSON (dynamic: `filters`) or a multipart form (static: file `csv`); `filters` are checked by
 * the service (lib/cohorts/criteria.ts) for PostHog-style messages.
 */
export const ZCohortCreate = z
  .object({
    name: ZName,
    description: z.string().max(MAX_DESCRIPTION_LENGTH).optional(),
    is_static: ZFlag.optional(),
    filters: z.preprocess(formJson, z.record(z.string(), z.unknown())).optional(),
    csv: z.string().optional().describe("Static cohorts: the uploaded CSV file (multipart/form-data)."),
  })
  .meta({ id: "CohortCreate" });
export type TCohortCreate = z.output<typeof ZCohortCreate>;

export const ZCohortUpdate = z
  .object({
    name: ZName.optional(),
    description: z.string().max(MAX_DESCRIPTION_LENGTH).optional(),
    filters: z.record(z.string(), z.unknown()).optional(),
    deleted: z.boolean().optional(),
    csv: z.string().optional().describe("Static cohorts: a CSV whose persons are added."),
  })
  .meta({ id: "CohortUpdate" });
export type TCohortUpdate = z.output<typeof ZCohortUpdate>;

export const ZAddPersons = z.object({ person_ids: z.array(z.uuid()).min(1) });

export const ZCohort = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    groups: z.array(z.unknown()),
    deleted: z.boolean(),
    filters: z.record(z.string(), z.unknown()),
    query: z.null(),
    is_calculating: z.boolean(),
    created_by: ZUserBasic.nullable(),
    created_at: z.iso.datetime(),
    last_calculation: z.iso.datetime().nullable(),
    version: z.number().int().nullable(),
    count: z.number().int().nullable(),
    is_static: z.boolean(),
    errors_calculating: z.number().int(),
  })
  .meta({ id: "Cohort" });

export const ZCohortListQuery = z.object({
  search: ZSearch.optional().describe("Part of the name (case-insensitive)."),
});

export const ZCohortPersonsPage = z.object({
  results: z.array(ZPerson),
  next: z.string().nullable(),
  previous: z.string().nullable(),
});

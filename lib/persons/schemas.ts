import { z } from "zod";
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

export const ZPersonListQuery = z.object({
  search: z
    .string()
    .max(400)
    .optional()
    .describe("A distinct id (exact), or part of the email or name property (case-insensitive)."),
  distinct_id: z.string().max(400).optional().describe("The person having this distinct id."),
});

export const ZPersonParams = ZProjectParams.extend({ personId: z.uuid() });

export type TPerson = z.infer<typeof ZPerson>;
export type TEventPerson = z.infer<typeof ZEventPerson>;
export type TPersonListQuery = z.infer<typeof ZPersonListQuery>;

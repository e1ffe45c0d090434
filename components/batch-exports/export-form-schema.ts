// The batch-export form's schema: the export's own fields as the API checks them, the destination's config by its
// type's schema, and the paths an API error may name.
"use client";
import { z } from "zod";
import { DESTINATION_FIELDS } from "@/components/batch-exports/destination-fields";
import {
  BATCH_EXPORT_MODELS,
  DESTINATION_CONFIG_SCHEMAS,
  DESTINATION_TYPES,
  SECRET_CONFIG_FIELDS,
  ZBatchExportCreate,
  type DestinationType,
} from "@/lib/batch-exports/schemas";

/** The export's own fields, checked as the API checks them; the destination's config by its type's schema. */
const exportFields = ZBatchExportCreate.pick({ name: true, interval: true, start_at: true, end_at: true }).extend({
  model: z.enum(BATCH_EXPORT_MODELS),
  team_id: z.number().int().positive(),
});

/**
 * Editing, the secrets the API never returns may stay blank (the stored ones are kept), so they are optional and
 * have no default (a default would overwrite them).
 */
const destinationSchema = (editing: boolean) =>
  z.discriminatedUnion(
    "type",
    DESTINATION_TYPES.map((type) => {
      const config = DESTINATION_CONFIG_SCHEMAS[type] as z.ZodObject;
      const secrets = Object.fromEntries(SECRET_CONFIG_FIELDS[type].map((key) => [key, z.string().max(1_000).optional()]));
      return z.object({ type: z.literal(type), config: editing ? config.extend(secrets) : config });
    }) as unknown as [z.ZodObject, ...z.ZodObject[]],
  );

export const ZCreateForm = exportFields.extend({ destination: destinationSchema(false) });

export const ZEditForm = exportFields.extend({ destination: destinationSchema(true) });

export type TFormValues = z.input<typeof ZCreateForm>;

export type TFormOutput = z.output<typeof ZCreateForm> & { destination: { type: DestinationType; config: Record<string, unknown> } };

/** Every path an API error's `attr` may name (`destination__config__host` lands on the host field). */
export const formFields = (type: DestinationType) => [
  ...Object.keys(exportFields.shape),
  "destination",
  "destination.type",
  "destination.config",
  ...DESTINATION_FIELDS[type].map((field) => `destination.config.${field.key}`),
];

/** What an edit sends: blank secrets are left out, so PATCH's merge keeps the stored ones. */
export function withoutBlankSecrets({ config }: { config: Record<string, unknown> }) {
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined));
}

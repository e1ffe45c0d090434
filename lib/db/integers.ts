import { z } from "zod";

/**
 * PostgreSQL's `integer` (ids, `order`): PostgreSQL refuses a query comparing or storing a value past it (a 500),
 * so such a value is a 400 before any query, as DRF's model IntegerField refuses it.
 */
export const MAX_INTEGER = 2_147_483_647;

export const ZInteger = z
  .number()
  .int()
  .min(-MAX_INTEGER - 1)
  .max(MAX_INTEGER);

/** A positive integer id given as path text (`/insights/42/`), bounded like the column it names. */
export const ZIntegerIdText = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().max(MAX_INTEGER));

import { z } from "zod";

/** The `format` query parameter of the endpoints that answer CSV too (`csv` in their declaration; see csv.ts). */
export const ZFormatQuery = z.object({ format: z.enum(["json", "csv"]).optional().describe("`csv` answers the result as CSV.") });

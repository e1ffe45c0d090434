import type { z } from "zod";
import type { RetentionPeriod, ZRetentionFilter } from "@/lib/analytics/retention/schemas";
import type { TRetentionRow } from "@/lib/ui/types";

/** The builder's retention filter: exactly the body of `retention/`. */
export type RetentionFilters = z.input<typeof ZRetentionFilter>;
export type RetentionResult = TRetentionRow[];
export type { RetentionPeriod };

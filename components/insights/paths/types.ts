import type { z } from "zod";
import type { ZPathsFilter } from "@/lib/analytics/paths/schemas";
import type { TPathEdge } from "@/lib/ui/types";

/** The builder's paths filter: exactly the body of `path/`. */
export type PathsFilters = z.input<typeof ZPathsFilter>;
export type PathsResult = TPathEdge[];
export type PathEventType = NonNullable<PathsFilters["path_type"]>;
export type { TPathCleaningRule as PathCleaningRule } from "@/lib/analytics/paths/schemas";

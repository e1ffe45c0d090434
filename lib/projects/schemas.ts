import { z } from "zod";
import { ZPathCleaningRule, ZPathCleaningRules } from "@/lib/analytics/paths/schemas";
import { ZIntegerIdText } from "@/lib/db/integers";
import { TIMEZONES } from "./timezones";

/** How an organization lists its projects (`teams`, `projects`). */
export const ZProjectBasic = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    organization: z.uuid(),
    project_id: z.number().int(),
    api_token: z.string(),
    name: z.string().max(200),
    timezone: z.string(),
  })
  .meta({ id: "ProjectBasic" });

export const ZProject = ZProjectBasic.extend({
  /** Regex → alias rules a paths insight applies with `path_replacements: true`. */
  path_cleaning_filters: z.array(ZPathCleaningRule),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
}).meta({ id: "ProjectBackwardCompat" });

const projectFields = {
  name: z.string().trim().min(1).max(200),
  // Length first, so a huge value is refused without being echoed back as an unknown choice.
  timezone: z.string().max(240).pipe(z.enum(TIMEZONES)),
};

export const ZProjectCreate = z
  .object({ ...projectFields, timezone: projectFields.timezone.optional() })
  .meta({ id: "ProjectBackwardCompatCreate" });

export const ZProjectUpdate = z
  .object({ ...projectFields, path_cleaning_filters: ZPathCleaningRules })
  .partial()
  .meta({ id: "PatchedProjectBackwardCompat" });

/** `projectId` is a number (so the route wrapper can check keys' scoped projects) or `@current`. */
export const ZProjectParams = z.object({
  projectId: z.union([
    z.literal("@current"),
    ZIntegerIdText,
  ]),
});

export type TProject = z.infer<typeof ZProject>;
export type TProjectCreate = z.infer<typeof ZProjectCreate>;
export type TProjectUpdate = z.infer<typeof ZProjectUpdate>;
export type TProjectId = z.output<typeof ZProjectParams>["projectId"];

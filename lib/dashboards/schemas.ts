import { z } from "zod";
import { ZSearch } from "@/lib/api/search";
import { ZIntegerIdText } from "@/lib/db/integers";
import { ZInsight, ZInsightRetrieveQuery } from "@/lib/insights/schemas";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZUserBasic } from "@/lib/users/serialize";
import { RestrictionLevel } from "./permissions";

export const ZDashboardParams = ZProjectParams.extend({ dashboardId: ZIntegerIdText });

const ZJsonObject = z.record(z.string(), z.unknown());

/** What a dashboard's filters hold for its insights; other keys are kept as sent, as PostHog stores any object. */
const ZDashboardFilters = z
  .object({
    date_from: z.string().max(100).nullable().optional(),
    date_to: z.string().max(100).nullable().optional(),
    properties: z
      .union([z.array(ZJsonObject), ZJsonObject])
      .nullable()
      .optional(),
  })
  .loose()
  .meta({ id: "DashboardFilters", description: "`date_from`/`date_to` and `properties` override those of the dashboard's insights" });

const ZRestrictionLevel = z.union([
  z.literal(RestrictionLevel.EVERYONE_IN_PROJECT_CAN_EDIT),
  z.literal(RestrictionLevel.ONLY_COLLABORATORS_CAN_EDIT),
]);

const ZTileUpdate = z.object({
  id: z.number().int(),
  layouts: ZJsonObject.optional(),
  color: z.string().max(400).nullable().optional(),
  deleted: z.boolean().optional(),
});

const writable = {
  name: z.string().max(400).nullable(),
  description: z.string(),
  pinned: z.boolean(),
  deleted: z.boolean(),
  filters: ZDashboardFilters,
  tags: z.array(z.string().max(255)),
  restriction_level: ZRestrictionLevel,
};

export const ZDashboardCreate = z
  .object({
    ...writable,
    use_template: z.string().max(400),
    use_dashboard: z.number().int().nullable(),
  })
  .partial()
  .meta({ id: "DashboardCreate" });

export const ZDashboardUpdate = z
  .object({
    ...writable,
    /** With `deleted: true`: also delete the insights that are on no other dashboard. */
    delete_insights: z.boolean(),
    tiles: z.array(ZTileUpdate),
  })
  .partial()
  .meta({ id: "PatchedDashboard" });

export type TDashboardCreate = z.output<typeof ZDashboardCreate>;
export type TDashboardUpdate = z.output<typeof ZDashboardUpdate>;

const basicFields = {
  id: z.number().int(),
  name: z.string().nullable(),
  description: z.string(),
  pinned: z.boolean(),
  created_at: z.iso.datetime(),
  created_by: ZUserBasic.nullable(),
  last_accessed_at: z.iso.datetime().nullable(),
  is_shared: z.boolean(),
  deleted: z.boolean(),
  creation_mode: z.enum(["default", "template", "duplicate"]),
  tags: z.array(z.string()),
  restriction_level: z.number().int(),
  effective_restriction_level: z.number().int(),
  effective_privilege_level: z.number().int(),
  team_id: z.number().int(),
};

export const ZDashboardBasic = z.object(basicFields).meta({ id: "DashboardBasic" });

export const ZDashboardTile = z
  .object({
    id: z.number().int(),
    layouts: ZJsonObject,
    color: z.string().nullable(),
    insight: ZInsight,
    order: z.number().int(),
    last_refresh: z.string().nullable(),
    is_cached: z.boolean(),
  })
  .meta({ id: "DashboardTile" });

export const ZDashboard = z.object({ ...basicFields, filters: ZJsonObject, tiles: z.array(ZDashboardTile) }).meta({ id: "Dashboard" });

export const ZDashboardListQuery = z.object({
  search: ZSearch.optional(),
  pinned: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});

export const ZDashboardRetrieveQuery = ZInsightRetrieveQuery.pick({ refresh: true });

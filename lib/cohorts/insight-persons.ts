import type { z } from "zod";
import { funnelActorIds, funnelBreakdownOf } from "@/lib/analytics/actors/funnel";
import { lifecycleActorIds } from "@/lib/analytics/actors/lifecycle";
import { ZFunnelActorsQuery, ZLifecycleActorsQuery, ZStickinessActorsQuery, ZTrendActorsQuery } from "@/lib/analytics/actors/schemas";
import { stickinessActorIds } from "@/lib/analytics/actors/stickiness";
import { trendActorIds } from "@/lib/analytics/actors/trends";
import type { TFunnelFilter } from "@/lib/analytics/funnels/schemas";
import { checkHogQLExpressions } from "@/lib/analytics/hogql-check";
import { retentionActors } from "@/lib/analytics/retention/run";
import { ZRetentionActorsQuery } from "@/lib/analytics/retention/schemas";
import { fromZodError, validationError } from "@/lib/api/errors";
import type { Project } from "@/lib/db/schema";
import { checkCohortReferences } from "./references";

/**
 * "Save as cohort" from an insight's persons list (PostHog's `insert_cohort_from_insight_filter`): the persons URL's
 * parameters, with `insight`, select the persons the persons dialog lists, computed by the same actors queries
 * (lib/analytics/actors/) without paging, up to `max` + 1 (the caller refuses more). Checked while the request
 * waits; `resolve` runs in the background.
 */

const KINDS = ["TRENDS", "STICKINESS", "FUNNELS", "LIFECYCLE", "RETENTION"] as const;
type Kind = (typeof KINDS)[number];

/** The insight a persons URL belongs to: its `insight`, else what only that insight's persons URL carries. */
function kindOf(query: Record<string, string>): Kind {
  const insight = (query.insight ?? "").toUpperCase();
  if (insight === "PATHS")
    throw validationError(
      "Paths have no persons list to save: a cohort can be saved from trends, stickiness, funnels, lifecycle or retention.",
      "insight",
      "unsupported",
    );
  if ((KINDS as readonly string[]).includes(insight)) return insight as Kind;
  if (insight !== "")
    throw validationError(
      `Saving the persons of a ${insight.toLowerCase().slice(0, 40)} insight as a cohort is not supported.`,
      "insight",
      "unsupported",
    );
  if (query.funnel_step !== undefined) return "FUNNELS";
  if (query.stickiness_days !== undefined) return "STICKINESS";
  if (query.lifecycle_type !== undefined) return "LIFECYCLE";
  if (query.breakdown_values !== undefined || query.selected_interval !== undefined) return "RETENTION";
  return "TRENDS";
}

function parsed<S extends z.ZodType>(schema: S, query: Record<string, string>): z.output<S> {
  const result = schema.safeParse(query);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

const groupActors = (attr: string) =>
  validationError("A cohort holds persons: the actors of an insight aggregated by groups cannot be saved as one.", attr, "unsupported");

function noGroups(query: Record<string, string>) {
  if (query.aggregation_group_type_index !== undefined && query.aggregation_group_type_index !== "")
    throw groupActors("aggregation_group_type_index");
}

/** Whether a persons URL names an insight's persons (rather than the persons list's `properties`). */
export const isInsightPersonsUrl = (query: Record<string, string>) =>
  query.insight !== undefined ||
  ["entity_id", "funnel_step", "stickiness_days", "lifecycle_type", "breakdown_values", "selected_interval"].some(
    (k) => query[k] !== undefined,
  );

/** The persons behind the persons URL of an insight (ids, at most `max` + 1); a wrong URL is a 400. */
export async function insightPersons(project: Project, raw: Record<string, string>, max: number): Promise<string[]> {
  const { limit: _limit, offset: _offset, ...query } = raw;
  const kind = kindOf(query);
  noGroups(query);
  await checkHogQLExpressions(project.id, query);
  await checkCohortReferences(project.id, query);
  const all = { limit: max + 1, offset: 0 };
  switch (kind) {
    case "TRENDS": {
      const { ids, groupTypeIndex } = await trendActorIds(project, parsed(ZTrendActorsQuery, query), all);
      if (groupTypeIndex !== null) throw groupActors("math");
      return ids;
    }
    case "STICKINESS": {
      const { stickiness_days, ...q } = parsed(ZStickinessActorsQuery, query);
      return (await stickinessActorIds(project, q, stickiness_days, all)).ids;
    }
    case "LIFECYCLE": {
      const { target_date, lifecycle_type, ...q } = parsed(ZLifecycleActorsQuery, query);
      return (await lifecycleActorIds(project, q, target_date, lifecycle_type, all)).ids;
    }
    case "FUNNELS": {
      const { funnel_step, funnel_step_breakdown, ...q } = parsed(ZFunnelActorsQuery, query);
      const step = { funnelStep: funnel_step, breakdownValue: funnelBreakdownOf(funnel_step_breakdown), ...all };
      return (await funnelActorIds(project, q as TFunnelFilter, step)).ids;
    }
    case "RETENTION": {
      const q = parsed(ZRetentionActorsQuery, query);
      return (await retentionActors(project, q, all)).ids;
    }
  }
}

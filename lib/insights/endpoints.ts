import { z } from "zod";
import { ZFormatQuery } from "@/lib/api/format-query";
import { endpoint } from "@/lib/api/endpoint";
import { paginate, readPage } from "@/lib/api/pagination";
import type { DashboardFilters } from "@/lib/dashboards/filters";
import { tilesOfInsights } from "@/lib/dashboards/placement";
import { findDashboard } from "@/lib/dashboards/find";
import { ZDashboard } from "@/lib/dashboards/schemas";
import { sharedDashboard } from "@/lib/dashboards/sharing";
import type { Insight, Project, User } from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import { ZProjectParams } from "@/lib/projects/schemas";
import { enabledSharing } from "@/lib/sharing/configurations";
import { usersById } from "@/lib/users/lookup";
import { cancelComputation } from "@/lib/analytics/results-cache/cache";
import { refreshMode, type RefreshMode } from "@/lib/analytics/results-cache/refresh";
import { insightViewer, PUBLIC_INSIGHT_VIEWER } from "./viewer";
import {
  ZActivityPage,
  ZActivityQuery,
  ZCancelBody,
  ZInsight,
  ZInsightBasic,
  ZInsightListQuery,
  ZInsightParams,
  ZInsightRetrieveQuery,
  ZInsightWrite,
  ZSharedParams,
  ZSharingConfiguration,
  ZSharingUpdate,
} from "./schemas";
import { readInsight, requireInsight, type InsightReader } from "./access";
import { insightActivityPage } from "./activity";
import { listInsights } from "./list";
import { insightAnswer, sharedAnswer, sharedMode } from "./result";
import { serializeBasic, serializeInsight } from "./serialize";
import { getSharing, refreshSharingToken, sharedInsight, updateSharing } from "./sharing";
import { markViewed, myLastViewed } from "./views";
import { createInsight, updateInsight } from "./write";

const tag = "insights";
const ZPaginatedInsight = z.union([ZInsight, ZInsightBasic]);

/**
 * The result a reader gets: a token holder's is computed as shared views are (PostHog's shared refresh modes);
 * seen from a dashboard, with the dashboard's filters.
 */
const answerFor = (reader: InsightReader, project: Project, insight: Insight, refresh: string | undefined, dashboard?: DashboardFilters) =>
  reader.sharing
    ? sharedAnswer(project, insight, sharedMode(refresh))
    : insightAnswer(project, insight, refreshMode(refresh) as RefreshMode, dashboard);

/** Who made and changed an insight is not for a token holder (as on the public page). */
const peopleFor = (reader: InsightReader, ids: (number | null)[]) =>
  reader.sharing ? Promise.resolve(new Map<number, User>()) : usersById(ids);

export const listInsightsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/insights/",
  environments: true,
  csv: true,
  summary: "List the project's insights (not deleted), filtered; `basic=true` leaves results out",
  tag,
  scope: "insight:read",
  sharingAccessToken: "accepted",
  params: ZProjectParams,
  query: ZInsightListQuery,
  response: ZPaginatedInsight,
  paginated: true,
  handler: async (ctx) => {
    const { url, params, query } = ctx;
    const page = readPage(url.searchParams);
    const { project, count, rows } = await listInsights(ctx, params.projectId, query, page);
    const people = await peopleFor(
      ctx,
      rows.flatMap((r) => [r.createdById, r.lastModifiedById]),
    );
    const tiles = await tilesOfInsights(rows.map((r) => r.id));
    const viewer = await insightViewer(
      ctx.actor,
      rows.map((r) => r.id),
    );
    const results = [];
    for (const row of rows) {
      const rowTiles = tiles.get(row.id) ?? [];
      if (query.basic) results.push(serializeBasic(row, people, rowTiles));
      else results.push(serializeInsight(project, row, people, rowTiles, await answerFor(ctx, project, row, query.refresh), viewer));
    }
    return paginate(url, page, count, results);
  },
});

export const createInsightEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/insights/",
  environments: true,
  csv: true,
  summary: "Save an insight",
  tag,
  scope: "insight:write",
  sharingAccessToken: "refused",
  params: ZProjectParams,
  query: ZFormatQuery,
  body: ZInsightWrite,
  response: ZInsight,
  status: 201,
  handler: async ({ actor, params, body }) => {
    const { project, insight } = await createInsight(actor, params.projectId, body);
    const people = await usersById([insight.createdById]);
    const tiles = await tilesOfInsights([insight.id]);
    const answer = await insightAnswer(project, insight, "force_cache");
    return serializeInsight(project, insight, people, tiles.get(insight.id) ?? [], answer, await insightViewer(actor, [insight.id]));
  },
});

export const retrieveInsightEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/insights/{insightId}/",
  environments: true,
  csv: true,
  summary: "Retrieve an insight; `refresh` says whether its result is computed, `from_dashboard` with that dashboard's filters",
  tag,
  scope: "insight:read",
  sharingAccessToken: "accepted",
  params: ZInsightParams,
  query: ZInsightRetrieveQuery,
  response: ZInsight,
  handler: async (ctx) => {
    const { params, query } = ctx;
    const { project, insight } = await readInsight(ctx, params.projectId, params.insightId);
    const dashboard = query.from_dashboard !== undefined ? (await findDashboard(project.id, query.from_dashboard)).filters : undefined;
    const people = await peopleFor(ctx, [insight.createdById, insight.lastModifiedById]);
    const tiles = await tilesOfInsights([insight.id]);
    const answer = await answerFor(ctx, project, insight, query.refresh, dashboard);
    const viewer = await insightViewer(ctx.actor, [insight.id]);
    return serializeInsight(project, insight, people, tiles.get(insight.id) ?? [], answer, viewer, dashboard);
  },
});

export const updateInsightEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/insights/{insightId}/",
  environments: true,
  csv: true,
  summary: "Update an insight; `deleted: true` deletes it (softly), `deleted: false` restores it",
  tag,
  scope: "insight:write",
  sharingAccessToken: "refused",
  params: ZInsightParams,
  query: ZFormatQuery,
  body: ZInsightWrite,
  response: ZInsight,
  handler: async ({ actor, params, body }) => {
    const { project, insight } = await updateInsight(actor, params.projectId, params.insightId, body);
    const people = await usersById([insight.createdById, insight.lastModifiedById]);
    const tiles = await tilesOfInsights([insight.id]);
    const answer = await insightAnswer(project, insight, "force_cache");
    return serializeInsight(project, insight, people, tiles.get(insight.id) ?? [], answer, await insightViewer(actor, [insight.id]));
  },
});

export const insightsActivityEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/insights/activity/",
  environments: true,
  csv: true,
  summary: "The activity log of the project's insights, newest first (`page`, `limit` default 10)",
  tag,
  scope: "activity_log:read",
  sharingAccessToken: "refused",
  params: ZProjectParams,
  query: ZActivityQuery,
  response: ZActivityPage,
  handler: ({ url, actor, params, query }) => insightActivityPage(actor, params.projectId, url, query),
});

export const insightActivityEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/insights/{insightId}/activity/",
  environments: true,
  csv: true,
  summary: "The activity log of one insight, newest first (`page`, `limit` default 10)",
  tag,
  scope: "activity_log:read",
  sharingAccessToken: "refused",
  params: ZInsightParams,
  query: ZActivityQuery,
  response: ZActivityPage,
  handler: ({ url, actor, params, query }) => insightActivityPage(actor, params.projectId, url, query, params.insightId),
});

export const insightViewedEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/insights/{insightId}/viewed/",
  environments: true,
  csv: true,
  summary: "Record that the caller viewed the insight (for `my_last_viewed`)",
  tag,
  scope: null,
  sharingAccessToken: "refused",
  params: ZInsightParams,
  status: 201,
  handler: async ({ actor, params }) => {
    await markViewed(actor, params.projectId, params.insightId);
    return new Response(null, { status: 201 });
  },
});

export const myLastViewedInsightsEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/insights/my_last_viewed/",
  environments: true,
  csv: true,
  summary: "The last 5 insights the caller viewed, most recent first",
  tag,
  scope: null,
  sharingAccessToken: "refused",
  params: ZProjectParams,
  response: z.array(ZInsightBasic),
  handler: ({ actor, params }) => myLastViewed(actor, params.projectId),
});

export const cancelInsightQueryEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/insights/cancel/",
  environments: true,
  csv: true,
  summary: "Stop a background computation (`client_query_id` is a `query_status.id`)",
  tag,
  scope: null,
  sharingAccessToken: "refused",
  params: ZProjectParams,
  body: ZCancelBody,
  status: 201,
  handler: async ({ actor, params, body }) => {
    const { project } = await requireProjectAccess(actor, params.projectId);
    cancelComputation(project.id, body.client_query_id);
    return new Response(null, { status: 201 });
  },
});

export const insightTimingEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/insights/timing/",
  environments: true,
  summary: "Client-side timing report (accepted and discarded, as PostHog only records metrics)",
  tag,
  scope: null,
  sharingAccessToken: "refused",
  params: ZProjectParams,
  status: 201,
  handler: async ({ actor, params }) => {
    await requireProjectAccess(actor, params.projectId);
    return new Response(null, { status: 201 });
  },
});

export const insightSharingEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/insights/{insightId}/sharing/",
  environments: true,
  summary: "The insight's sharing configuration (disabled until enabled)",
  tag,
  scope: "sharing_configuration:read",
  params: ZInsightParams,
  response: ZSharingConfiguration,
  handler: ({ actor, params }) => getSharing(actor, params.projectId, params.insightId),
});

export const updateInsightSharingEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/insights/{insightId}/sharing/",
  environments: true,
  summary: "Enable or disable public sharing of the insight through its access token",
  tag,
  scope: "sharing_configuration:write",
  params: ZInsightParams,
  body: ZSharingUpdate,
  response: ZSharingConfiguration,
  handler: ({ actor, params, body }) => updateSharing(actor, params.projectId, params.insightId, body),
});

export const refreshInsightSharingEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/insights/{insightId}/sharing/refresh/",
  environments: true,
  summary: "Replace the insight's sharing access token with a new one; the old one stops working at once",
  tag,
  scope: "sharing_configuration:write",
  params: ZInsightParams,
  response: ZSharingConfiguration,
  handler: ({ actor, params }) => refreshSharingToken(actor, params.projectId, params.insightId),
});

export const sharedInsightEndpoint = endpoint({
  method: "GET",
  path: "/api/shared/{accessToken}/",
  summary: "A publicly shared insight or dashboard, read-only, without signing in",
  tag,
  public: true,
  scope: "any",
  params: ZSharedParams,
  query: z.object({ refresh: z.string().optional() }),
  response: z
    .union([
      z.object({ type: z.literal("insight"), insight: ZInsight }).meta({ id: "SharedInsight" }),
      z.object({ type: z.literal("dashboard"), dashboard: ZDashboard }).meta({ id: "SharedDashboard" }),
    ])
    .meta({ id: "Shared" }),
  handler: async ({ params, query }) => {
    if ((await enabledSharing(params.accessToken))?.config.dashboardId)
      return { type: "dashboard" as const, dashboard: (await sharedDashboard(params.accessToken)).dashboard };
    const { project, insight } = await sharedInsight(params.accessToken);
    const answer = await sharedAnswer(project, insight, sharedMode(query.refresh));
    const tiles = await tilesOfInsights([insight.id]);
    // Who made it is not for the public.
    return {
      type: "insight" as const,
      insight: serializeInsight(project, insight, new Map(), tiles.get(insight.id) ?? [], answer, PUBLIC_INSIGHT_VIEWER),
    };
  },
});

/**
 * PostHog's ForbidDestroyModel: after the usual authentication, scope and lookup, DELETE answers 405 with an
 * empty body; insights are deleted with `PATCH {"deleted": true}`.
 */
export const deleteInsightEndpoint = endpoint({
  method: "DELETE",
  path: "/api/projects/{projectId}/insights/{insightId}/",
  environments: true,
  summary: "Always 405 with an empty body: insights are not hard-deleted; PATCH `deleted: true` instead",
  tag,
  scope: "insight:write",
  sharingAccessToken: "refused",
  params: ZInsightParams,
  status: 405,
  handler: async ({ actor, params }) => {
    await requireInsight(actor, params.projectId, params.insightId);
  },
});

import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { answerAnalysis } from "@/lib/analytics/analysis-endpoints";
import { trendAnalysis, ZTrendResponse } from "@/lib/analytics/trends/endpoints";
import { ZTrendFilter } from "@/lib/analytics/trends/schemas";
import { ZSharedParams, ZSharingConfiguration, ZSharingUpdate } from "@/lib/insights/schemas";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZQueryResponse } from "@/lib/query/schemas";
import { runWebQuery } from "@/lib/query/service";
import { ZWebOverviewQuery, ZWebStatsTableQuery, ZWebVisitorsTrendRequest } from "./schemas";
import { getWebSharing, refreshWebSharingToken, sharedWebProject, updateWebSharing } from "./sharing";
import { visitorsTrendFilter } from "./visitors-trend";

const tag = "web_analytics";

// Sharing: the sharing configuration of insights and dashboards, for the project's web analytics page.

export const webAnalyticsSharingEndpoint = endpoint({
  method: "GET",
  path: "/api/projects/{projectId}/web_analytics/sharing/",
  environments: true,
  summary: "The web analytics page's sharing configuration (disabled until enabled)",
  tag,
  scope: "sharing_configuration:read",
  params: ZProjectParams,
  response: ZSharingConfiguration,
  handler: ({ actor, params }) => getWebSharing(actor, params.projectId),
});

export const updateWebAnalyticsSharingEndpoint = endpoint({
  method: "PATCH",
  path: "/api/projects/{projectId}/web_analytics/sharing/",
  environments: true,
  summary: "Enable or disable public sharing of the web analytics page (read-only at `/shared/<access_token>`)",
  tag,
  scope: "sharing_configuration:write",
  params: ZProjectParams,
  body: ZSharingUpdate,
  response: ZSharingConfiguration,
  handler: ({ actor, params, body }) => updateWebSharing(actor, params.projectId, body),
});

export const refreshWebAnalyticsSharingEndpoint = endpoint({
  method: "POST",
  path: "/api/projects/{projectId}/web_analytics/sharing/refresh/",
  environments: true,
  summary: "Replace the web analytics page's sharing access token with a new one; the old one stops working at once",
  tag,
  scope: "sharing_configuration:write",
  params: ZProjectParams,
  response: ZSharingConfiguration,
  handler: ({ actor, params }) => refreshWebSharingToken(actor, params.projectId),
});

// The shared page's data: the token opens its project's web analytics queries and nothing else.

export const sharedWebAnalyticsQueryEndpoint = endpoint({
  method: "POST",
  path: "/api/shared/{accessToken}/web_analytics/query/",
  summary: "A web analytics query (WebOverviewQuery, WebStatsTableQuery) of a shared web analytics page, without signing in",
  tag,
  public: true,
  scope: "any",
  params: ZSharedParams,
  body: z.object({ query: z.discriminatedUnion("kind", [ZWebOverviewQuery, ZWebStatsTableQuery]) }),
  response: ZQueryResponse,
  handler: async ({ params, body }) => runWebQuery(await sharedWebProject(params.accessToken), body.query),
});

export const sharedWebAnalyticsTrendEndpoint = endpoint({
  method: "POST",
  path: "/api/shared/{accessToken}/web_analytics/trend/",
  summary: "The visitors, views, sessions and session duration trend of a shared web analytics page, without signing in",
  tag,
  public: true,
  scope: "any",
  params: ZSharedParams,
  body: ZWebVisitorsTrendRequest,
  response: ZTrendResponse,
  handler: async ({ params, body, url }) => {
    const project = await sharedWebProject(params.accessToken);
    const range = { date_from: body.dateRange?.date_from ?? "-7d", date_to: body.dateRange?.date_to };
    const filter = ZTrendFilter.parse(visitorsTrendFilter(range, body.properties ?? [], body.filterTestAccounts ?? false));
    // Not paged: the series are fixed and have no breakdown.
    return { ...(await answerAnalysis(project, trendAnalysis, filter, url)), next: null };
  },
});

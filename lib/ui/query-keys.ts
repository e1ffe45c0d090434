/**
 * TanStack Query keys, one factory per resource. Never inline a key: mutations invalidate through these,
 * so a key written by hand would silently miss invalidations.
 */
export const userKeys = {
  all: ["users"] as const,
  me: () => [...userKeys.all, "@me"] as const,
};

export const memberKeys = {
  all: ["members"] as const,
  list: (organizationId: string) => [...memberKeys.all, organizationId] as const,
};

export const inviteKeys = {
  all: ["invites"] as const,
  list: (organizationId: string) => [...inviteKeys.all, organizationId] as const,
  /** The public preview an invitee opens from their link. */
  preview: (inviteId: string) => [...inviteKeys.all, "preview", inviteId] as const,
};

export const apiKeyKeys = {
  all: ["personal_api_keys"] as const,
  list: () => [...apiKeyKeys.all, "list"] as const,
};

/** The taxonomy the builder's pickers search: event and property definitions, property values, actions. */
/** Where a property's values come from: events, persons, or the groups of one type. */
export type ValueSource = "event" | "person" | { groupTypeIndex: number };

export const taxonomyKeys = {
  all: ["taxonomy"] as const,
  events: (projectId: number, search: string) => [...taxonomyKeys.all, projectId, "events", search] as const,
  actions: (projectId: number, search: string) => [...taxonomyKeys.all, projectId, "actions", search] as const,
  properties: (projectId: number, params: Record<string, string>) => [...taxonomyKeys.all, projectId, "properties", params] as const,
  values: (projectId: number, source: ValueSource, key: string, search: string) =>
    [...taxonomyKeys.all, projectId, "values", source, key, search] as const,
};

/** Pages of the persons behind a data point (PostHog's actors shape), keyed by the page's API path. */
export const actorKeys = {
  all: ["actors"] as const,
  page: (url: string) => [...actorKeys.all, url] as const,
};

/** Analysis results, keyed by the exact legacy filter posted (two equal filters share one result). */
export const analysisKeys = {
  all: ["analysis"] as const,
  result: (projectId: number, endpoint: string, filters: Record<string, unknown>) =>
    [...analysisKeys.all, projectId, endpoint, filters] as const,
};

/** Web analytics answers (`WebOverviewQuery`, `WebStatsTableQuery`), keyed by the exact query posted. */
export const webKeys = {
  all: ["web"] as const,
  /** By project id, or by the access token of a shared page. */
  result: (source: number | string, query: Record<string, unknown>) => [...webKeys.all, source, query] as const,
};

/** A shared resource's sharing configuration, by its API path (`…/insights/:id/sharing/`, `…/dashboards/:id/sharing/`). */
export const sharingKeys = {
  all: ["sharing"] as const,
  config: (sharingPath: string) => [...sharingKeys.all, sharingPath] as const,
};

export const projectKeys = {
  all: ["projects"] as const,
  list: (organizationId: string) => [...projectKeys.all, organizationId] as const,
};

export const domainKeys = {
  all: ["domains"] as const,
  list: (organizationId: string) => [...domainKeys.all, organizationId] as const,
};

// Saved insights, dashboards, and whether a project has events (issue 8)

/** The saved-insights list's server-side filters and page, as sent to the API. */
export interface InsightListParams {
  search?: string;
  insight?: string;
  favorited?: boolean;
  user?: boolean;
  created_by?: number;
  offset: number;
  limit: number;
}

export const insightKeys = {
  all: ["insights"] as const,
  project: (projectId: number) => [...insightKeys.all, projectId] as const,
  list: (projectId: number, params: InsightListParams) => [...insightKeys.project(projectId), "list", params] as const,
  /** Every saved insight, for picking one to add to a dashboard. */
  picker: (projectId: number, search: string) => [...insightKeys.project(projectId), "picker", search] as const,
  detail: (projectId: number, shortId: string) => [...insightKeys.project(projectId), "detail", shortId] as const,
  lastViewed: (projectId: number) => [...insightKeys.project(projectId), "my_last_viewed"] as const,
  activity: (projectId: number, insightId: number) => [...insightKeys.project(projectId), "activity", insightId] as const,
};

export const dashboardKeys = {
  all: ["dashboards"] as const,
  project: (projectId: number) => [...dashboardKeys.all, projectId] as const,
  list: (projectId: number) => [...dashboardKeys.project(projectId), "list"] as const,
  /** The first dashboards matching a search (the command palette). */
  search: (projectId: number, search: string) => [...dashboardKeys.project(projectId), "search", search] as const,
  detail: (projectId: number, dashboardId: number) => [...dashboardKeys.project(projectId), "detail", dashboardId] as const,
};

/** The events list's filters, as sent to the API (`properties`: the filters' JSON text). */
export interface EventListParams {
  event?: string;
  properties?: string;
  person_id?: string;
  /** ISO instants bounding the events' times. */
  after?: string;
  before?: string;
}

export const eventKeys = {
  all: ["events"] as const,
  /** What the project holds (counts, newest event, top events): also whether it has received events at all. */
  summary: (projectId: number) => [...eventKeys.all, projectId, "summary"] as const,
  list: (projectId: number, params: EventListParams) => [...eventKeys.all, projectId, "list", params] as const,
};

export interface PersonListParams {
  search?: string;
  /** Person property filters as JSON. */
  properties?: string;
  offset: number;
  limit: number;
}

export const personKeys = {
  all: ["persons"] as const,
  list: (projectId: number, params: PersonListParams) => [...personKeys.all, projectId, "list", params] as const,
  detail: (projectId: number, personId: string) => [...personKeys.all, projectId, "detail", personId] as const,
};

export const groupKeys = {
  all: ["groups"] as const,
  types: (projectId: number) => [...groupKeys.all, projectId, "types"] as const,
  list: (projectId: number, groupTypeIndex: number, search: string) =>
    [...groupKeys.all, projectId, "list", groupTypeIndex, search] as const,
  detail: (projectId: number, groupTypeIndex: number, groupKey: string) =>
    [...groupKeys.all, projectId, "detail", groupTypeIndex, groupKey] as const,
  /** The actors related to a group (`groupTypeIndex`, key `id`) or, with a null index, to the person `id`. */
  related: (projectId: number, groupTypeIndex: number | null, id: string) =>
    [...groupKeys.all, projectId, "related", groupTypeIndex, id] as const,
};

export const cohortKeys = {
  all: ["cohorts"] as const,
  project: (projectId: number) => [...cohortKeys.all, projectId] as const,
  list: (projectId: number) => [...cohortKeys.project(projectId), "list"] as const,
  /** The first cohorts matching a search (the command palette). */
  search: (projectId: number, search: string) => [...cohortKeys.project(projectId), "search", search] as const,
  detail: (projectId: number, cohortId: number) => [...cohortKeys.project(projectId), "detail", cohortId] as const,
  persons: (projectId: number, cohortId: number) => [...cohortKeys.project(projectId), "persons", cohortId] as const,
};

/** Everything about an organization's pipeline apps sits under `organization(id)`: one write makes it all stale. */
export const pluginKeys = {
  all: ["plugins"] as const,
  organization: (organizationId: string) => [...pluginKeys.all, organizationId] as const,
  family: (organizationId: string, family: string) => [...pluginKeys.organization(organizationId), "family", family] as const,
  repository: (organizationId: string) => [...pluginKeys.organization(organizationId), "repository"] as const,
  source: (organizationId: string, family: string, pluginId: number) =>
    [...pluginKeys.organization(organizationId), "source", family, pluginId] as const,
  activity: (organizationId: string, page: number) => [...pluginKeys.organization(organizationId), "activity", page] as const,
  configs: (organizationId: string, projectId: number) => [...pluginKeys.organization(organizationId), "configs", projectId] as const,
  metrics: (projectId: number, configId: number) => [...pluginKeys.all, "metrics", projectId, configId] as const,
  logs: (projectId: number, configId: number, type: string) => [...pluginKeys.all, "logs", projectId, configId, type] as const,
};

// Batch exports (issue 9)

/** The runs table's server-side filter and page. */
export interface BatchExportRunListParams {
  status?: string;
  offset: number;
  limit: number;
}

/** The logs viewer's filters and page, as sent to the API (`level` comma-separated, `instance_id` a run). */
export interface BatchExportLogParams {
  level?: string;
  search?: string;
  instance_id?: string;
  offset: number;
  limit: number;
}

export const batchExportKeys = {
  all: ["batch_exports"] as const,
  organization: (organizationId: string) => [...batchExportKeys.all, organizationId] as const,
  list: (organizationId: string) => [...batchExportKeys.organization(organizationId), "list"] as const,
  /** One export and everything read about it (runs, logs): what a write on the export makes stale. */
  export: (organizationId: string, exportId: string) => [...batchExportKeys.organization(organizationId), exportId] as const,
  detail: (organizationId: string, exportId: string) => [...batchExportKeys.export(organizationId, exportId), "detail"] as const,
  runs: (organizationId: string, exportId: string, params: BatchExportRunListParams) =>
    [...batchExportKeys.export(organizationId, exportId), "runs", params] as const,
  logs: (organizationId: string, exportId: string, params: BatchExportLogParams) =>
    [...batchExportKeys.export(organizationId, exportId), "logs", params] as const,
};

// Data management: actions and the definitions of events and properties

export const actionKeys = {
  all: ["actions"] as const,
  project: (projectId: number) => [...actionKeys.all, projectId] as const,
  list: (projectId: number) => [...actionKeys.project(projectId), "list"] as const,
  /** Under the list's key: whatever changes the list changes the volumes. */
  volumes: (projectId: number) => [...actionKeys.list(projectId), "volumes"] as const,
  detail: (projectId: number, actionId: number) => [...actionKeys.project(projectId), "detail", actionId] as const,
  insights: (projectId: number, actionId: number) => [...actionKeys.project(projectId), "insights", actionId] as const,
  /** The editor's live count of the events some steps match (by the steps' JSON). */
  matching: (projectId: number, steps: string) => [...actionKeys.project(projectId), "matching", steps] as const,
};

/** Event definitions (`kind` "event") and property definitions ("property"), as data management lists them. */
export type DefinitionKind = "event" | "property";

export interface DefinitionListParams {
  search?: string;
  /** Property definitions: event, person. */
  type?: string;
  offset: number;
  limit: number;
}

export const definitionKeys = {
  all: ["definitions"] as const,
  project: (projectId: number) => [...definitionKeys.all, projectId] as const,
  list: (projectId: number, kind: DefinitionKind, params: DefinitionListParams) =>
    [...definitionKeys.project(projectId), kind, "list", params] as const,
  detail: (projectId: number, kind: DefinitionKind, id: string) => [...definitionKeys.project(projectId), kind, "detail", id] as const,
  insights: (projectId: number, kind: DefinitionKind, id: string) => [...definitionKeys.project(projectId), kind, "insights", id] as const,
};

/** Annotations: an organization-wide one shows in every project, so writes make them all stale. */
export const annotationKeys = {
  all: ["annotations"] as const,
  list: (projectId: number) => [...annotationKeys.all, projectId, "list"] as const,
  range: (projectId: number, from: string, to: string) => [...annotationKeys.all, projectId, "range", from, to] as const,
};

/** Alerts on insights, by project; a write makes the project's lists and the alert stale. */
export const alertKeys = {
  all: ["alerts"] as const,
  list: (projectId: number, insightId: number) => [...alertKeys.all, projectId, "insight", insightId] as const,
};

/** Subscriptions of an insight or a dashboard, by project; a write makes the project's lists stale. */
export const subscriptionKeys = {
  all: ["subscriptions"] as const,
  list: (projectId: number, resource: SubscriptionResource) => [...subscriptionKeys.all, projectId, resource.kind, resource.id] as const,
};

/** What a subscription sends. */
export interface SubscriptionResource {
  kind: "insight" | "dashboard";
  id: number;
}

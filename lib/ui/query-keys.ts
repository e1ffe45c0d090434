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
};

export const dashboardKeys = {
  all: ["dashboards"] as const,
  project: (projectId: number) => [...dashboardKeys.all, projectId] as const,
  list: (projectId: number) => [...dashboardKeys.project(projectId), "list"] as const,
  detail: (projectId: number, dashboardId: number) => [...dashboardKeys.project(projectId), "detail", dashboardId] as const,
  sharing: (projectId: number, dashboardId: number) => [...dashboardKeys.project(projectId), "sharing", dashboardId] as const,
};

export const eventKeys = {
  all: ["events"] as const,
  /** The project's newest event, if any: whether it has received events at all. */
  latest: (projectId: number) => [...eventKeys.all, projectId, "latest"] as const,
};

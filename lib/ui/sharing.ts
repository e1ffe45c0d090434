import { queryOptions } from "@tanstack/react-query";
import { mutationOptions } from "@tanstack/react-query";
import { api } from "@/lib/ui/api-client";
import { dashboardKeys, insightKeys, sharingKeys } from "@/lib/ui/query-keys";
import type { TSharingConfiguration } from "@/lib/ui/types";

export const sharingQuery = (sharingPath: string) =>
  queryOptions({
    queryKey: sharingKeys.config(sharingPath),
    queryFn: ({ signal }) => api.get<TSharingConfiguration>(sharingPath, { signal }),
  });

// Sharing (of an insight or a dashboard, by the API path of its sharing configuration)

export const updateSharingMutation = (sharingPath: string) =>
  mutationOptions({
    mutationFn: (body: { enabled: boolean }) => api.patch<TSharingConfiguration>(sharingPath, body),
    // `is_shared` of insights and dashboards follows it.
    meta: { returns: sharingKeys.config(sharingPath), invalidates: [insightKeys.all, dashboardKeys.all] },
  });

/** A new access token: links handed out so far stop working. */
export const resetSharingLinkMutation = (sharingPath: string) =>
  mutationOptions({
    mutationFn: () => api.post<TSharingConfiguration>(`${sharingPath}refresh/`),
    meta: { returns: sharingKeys.config(sharingPath) },
  });

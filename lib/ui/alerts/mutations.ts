import { mutationOptions } from "@tanstack/react-query";
import type { TAlert, TAlertWrite } from "@/lib/alerts/schemas";
import { api } from "@/lib/ui/api-client";
import { alertKeys } from "@/lib/ui/query-keys";
import { alertsPath } from "./queries";

const meta = { invalidates: [alertKeys.all] };

export const createAlertMutation = (projectId: number) =>
  mutationOptions({ mutationFn: (body: TAlertWrite) => api.post<TAlert>(alertsPath(projectId), body), meta });

export const updateAlertMutation = (projectId: number, alertId: string) =>
  mutationOptions({ mutationFn: (body: TAlertWrite) => api.patch<TAlert>(`${alertsPath(projectId)}${alertId}/`, body), meta });

export const deleteAlertMutation = (projectId: number) =>
  mutationOptions({ mutationFn: (alertId: string) => api.delete(`${alertsPath(projectId)}${alertId}/`), meta });

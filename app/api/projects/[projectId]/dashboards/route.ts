import { serve } from "@/lib/api/endpoint";
import { createDashboardEndpoint, listDashboardsEndpoint } from "@/lib/dashboards/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listDashboardsEndpoint, createDashboardEndpoint);

import { serve } from "@/lib/api/endpoint";
import { deleteDashboardEndpoint, retrieveDashboardEndpoint, updateDashboardEndpoint } from "@/lib/dashboards/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(retrieveDashboardEndpoint, updateDashboardEndpoint, deleteDashboardEndpoint);

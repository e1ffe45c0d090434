import { serve } from "@/lib/api/endpoint";
import { dashboardSharingEndpoint, updateDashboardSharingEndpoint } from "@/lib/dashboards/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(dashboardSharingEndpoint, updateDashboardSharingEndpoint);

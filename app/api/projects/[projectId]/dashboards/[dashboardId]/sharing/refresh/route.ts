import { serve } from "@/lib/api/endpoint";
import { refreshDashboardSharingEndpoint } from "@/lib/dashboards/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(refreshDashboardSharingEndpoint);

import { serve } from "@/lib/api/endpoint";
import { refreshWebAnalyticsSharingEndpoint } from "@/lib/analytics/web/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(refreshWebAnalyticsSharingEndpoint);

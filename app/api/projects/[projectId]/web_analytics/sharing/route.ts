import { serve } from "@/lib/api/endpoint";
import { updateWebAnalyticsSharingEndpoint, webAnalyticsSharingEndpoint } from "@/lib/analytics/web/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(webAnalyticsSharingEndpoint, updateWebAnalyticsSharingEndpoint);

import { serve } from "@/lib/api/endpoint";
import { sharedWebAnalyticsQueryEndpoint } from "@/lib/analytics/web/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(sharedWebAnalyticsQueryEndpoint);

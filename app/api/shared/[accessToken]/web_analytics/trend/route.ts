import { serve } from "@/lib/api/endpoint";
import { sharedWebAnalyticsTrendEndpoint } from "@/lib/analytics/web/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(sharedWebAnalyticsTrendEndpoint);

import { serve } from "@/lib/api/endpoint";
import { getTrendEndpoint, postTrendEndpoint } from "@/lib/analytics/trends/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getTrendEndpoint, postTrendEndpoint);

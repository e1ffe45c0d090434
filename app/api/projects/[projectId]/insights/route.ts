import { serve } from "@/lib/api/endpoint";
import { listInsightsEndpoint, createInsightEndpoint } from "@/lib/insights/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listInsightsEndpoint, createInsightEndpoint);

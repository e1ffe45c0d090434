import { serve } from "@/lib/api/endpoint";
import { myLastViewedInsightsEndpoint } from "@/lib/insights/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(myLastViewedInsightsEndpoint);

import { serve } from "@/lib/api/endpoint";
import { sharedInsightEndpoint } from "@/lib/insights/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(sharedInsightEndpoint);

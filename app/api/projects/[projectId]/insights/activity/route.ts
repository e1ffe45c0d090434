import { serve } from "@/lib/api/endpoint";
import { insightsActivityEndpoint } from "@/lib/insights/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(insightsActivityEndpoint);

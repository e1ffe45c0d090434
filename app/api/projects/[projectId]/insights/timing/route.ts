import { serve } from "@/lib/api/endpoint";
import { insightTimingEndpoint } from "@/lib/insights/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(insightTimingEndpoint);

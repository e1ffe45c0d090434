import { serve } from "@/lib/api/endpoint";
import { insightActivityEndpoint } from "@/lib/insights/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(insightActivityEndpoint);

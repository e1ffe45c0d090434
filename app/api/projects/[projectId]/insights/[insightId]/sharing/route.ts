import { serve } from "@/lib/api/endpoint";
import { insightSharingEndpoint, updateInsightSharingEndpoint } from "@/lib/insights/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(insightSharingEndpoint, updateInsightSharingEndpoint);

import { serve } from "@/lib/api/endpoint";
import { refreshInsightSharingEndpoint } from "@/lib/insights/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(refreshInsightSharingEndpoint);

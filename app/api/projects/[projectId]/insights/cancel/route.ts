import { serve } from "@/lib/api/endpoint";
import { cancelInsightQueryEndpoint } from "@/lib/insights/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(cancelInsightQueryEndpoint);

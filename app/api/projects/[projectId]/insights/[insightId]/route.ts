import { serve } from "@/lib/api/endpoint";
import { deleteInsightEndpoint, retrieveInsightEndpoint, updateInsightEndpoint } from "@/lib/insights/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(retrieveInsightEndpoint, updateInsightEndpoint, deleteInsightEndpoint);

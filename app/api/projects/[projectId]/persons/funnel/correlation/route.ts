import { serve } from "@/lib/api/endpoint";
import { getProjectCorrelationActorsEndpoint, postProjectCorrelationActorsEndpoint } from "@/lib/analytics/correlation/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getProjectCorrelationActorsEndpoint, postProjectCorrelationActorsEndpoint);

import { serve } from "@/lib/api/endpoint";
import { getCurrentCorrelationActorsEndpoint, postCurrentCorrelationActorsEndpoint } from "@/lib/analytics/correlation/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getCurrentCorrelationActorsEndpoint, postCurrentCorrelationActorsEndpoint);

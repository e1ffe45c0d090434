import { serve } from "@/lib/api/endpoint";
import { getFunnelCorrelationEndpoint, postFunnelCorrelationEndpoint } from "@/lib/analytics/correlation/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getFunnelCorrelationEndpoint, postFunnelCorrelationEndpoint);

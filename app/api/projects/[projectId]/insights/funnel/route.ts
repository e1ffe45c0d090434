import { serve } from "@/lib/api/endpoint";
import { getFunnelEndpoint, postFunnelEndpoint } from "@/lib/analytics/funnels/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getFunnelEndpoint, postFunnelEndpoint);

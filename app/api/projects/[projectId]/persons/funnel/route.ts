import { serve } from "@/lib/api/endpoint";
import { getProjectFunnelActorsEndpoint, postProjectFunnelActorsEndpoint } from "@/lib/analytics/actors/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getProjectFunnelActorsEndpoint, postProjectFunnelActorsEndpoint);

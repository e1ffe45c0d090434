import { serve } from "@/lib/api/endpoint";
import { getCurrentFunnelActorsEndpoint } from "@/lib/analytics/actors/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getCurrentFunnelActorsEndpoint);

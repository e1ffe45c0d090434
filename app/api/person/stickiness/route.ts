import { serve } from "@/lib/api/endpoint";
import { getCurrentStickinessActorsEndpoint } from "@/lib/analytics/actors/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getCurrentStickinessActorsEndpoint);

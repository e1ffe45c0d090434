import { serve } from "@/lib/api/endpoint";
import { getProjectStickinessActorsEndpoint } from "@/lib/analytics/actors/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getProjectStickinessActorsEndpoint);

import { serve } from "@/lib/api/endpoint";
import { getProjectTrendActorsEndpoint } from "@/lib/analytics/actors/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getProjectTrendActorsEndpoint);

import { serve } from "@/lib/api/endpoint";
import { getCurrentTrendActorsEndpoint } from "@/lib/analytics/actors/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getCurrentTrendActorsEndpoint);

import { serve } from "@/lib/api/endpoint";
import { getProjectLifecycleActorsEndpoint } from "@/lib/analytics/actors/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getProjectLifecycleActorsEndpoint);

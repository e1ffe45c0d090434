import { serve } from "@/lib/api/endpoint";
import { getCurrentLifecycleActorsEndpoint } from "@/lib/analytics/actors/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getCurrentLifecycleActorsEndpoint);

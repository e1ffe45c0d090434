import { serve } from "@/lib/api/endpoint";
import { getPathsEndpoint, postPathsEndpoint } from "@/lib/analytics/paths/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getPathsEndpoint, postPathsEndpoint);

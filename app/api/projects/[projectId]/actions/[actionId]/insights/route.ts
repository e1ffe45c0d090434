import { serve } from "@/lib/api/endpoint";
import { actionInsightsEndpoint } from "@/lib/actions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(actionInsightsEndpoint);

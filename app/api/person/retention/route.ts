import { serve } from "@/lib/api/endpoint";
import { getCurrentRetentionActorsEndpoint } from "@/lib/analytics/retention/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getCurrentRetentionActorsEndpoint);

import { serve } from "@/lib/api/endpoint";
import { getProjectRetentionActorsEndpoint } from "@/lib/analytics/retention/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getProjectRetentionActorsEndpoint);

import { serve } from "@/lib/api/endpoint";
import { getRetentionEndpoint, postRetentionEndpoint } from "@/lib/analytics/retention/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getRetentionEndpoint, postRetentionEndpoint);

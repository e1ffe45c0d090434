import { serve } from "@/lib/api/endpoint";
import { pluginConfigMetricsEndpoint } from "@/lib/plugins/observe/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(pluginConfigMetricsEndpoint);

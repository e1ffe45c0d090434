import { serve } from "@/lib/api/endpoint";
import { pluginConfigLogsEndpoint } from "@/lib/plugins/observe/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(pluginConfigLogsEndpoint);

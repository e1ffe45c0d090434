import { serve } from "@/lib/api/endpoint";
import { testPluginConfigEndpoint } from "@/lib/plugins/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(testPluginConfigEndpoint);

import { serve } from "@/lib/api/endpoint";
import { createPluginConfigEndpoint, listPluginConfigsEndpoint } from "@/lib/plugins/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listPluginConfigsEndpoint, createPluginConfigEndpoint);

import { serve } from "@/lib/api/endpoint";
import { deletePluginConfigEndpoint, retrievePluginConfigEndpoint, updatePluginConfigEndpoint } from "@/lib/plugins/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(
  retrievePluginConfigEndpoint,
  updatePluginConfigEndpoint,
  deletePluginConfigEndpoint,
);

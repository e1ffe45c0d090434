import { serve } from "@/lib/api/endpoint";
import { pipelineEndpoints } from "@/lib/plugins/endpoints";

const { pipelineFrontendAppsRetrieveEndpoint, pipelineFrontendAppsPartialUpdateEndpoint, pipelineFrontendAppsDestroyEndpoint } =
  pipelineEndpoints.pipeline_frontend_apps;

export const { GET, POST, PUT, PATCH, DELETE } = serve(
  pipelineFrontendAppsRetrieveEndpoint,
  pipelineFrontendAppsPartialUpdateEndpoint,
  pipelineFrontendAppsDestroyEndpoint,
);

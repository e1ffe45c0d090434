import { serve } from "@/lib/api/endpoint";
import { pipelineEndpoints } from "@/lib/plugins/endpoints";

const { pipelineFrontendAppsUnusedEndpoint } = pipelineEndpoints.pipeline_frontend_apps;

export const { GET, POST, PUT, PATCH, DELETE } = serve(pipelineFrontendAppsUnusedEndpoint);

import { serve } from "@/lib/api/endpoint";
import { pipelineEndpoints } from "@/lib/plugins/endpoints";

const { pipelineFrontendAppsActivityEndpoint } = pipelineEndpoints.pipeline_frontend_apps;

export const { GET, POST, PUT, PATCH, DELETE } = serve(pipelineFrontendAppsActivityEndpoint);

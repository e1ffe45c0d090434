import { serve } from "@/lib/api/endpoint";
import { pipelineEndpoints } from "@/lib/plugins/endpoints";

const { pipelineFrontendAppsUpdateSourceEndpoint } = pipelineEndpoints.pipeline_frontend_apps;

export const { GET, POST, PUT, PATCH, DELETE } = serve(pipelineFrontendAppsUpdateSourceEndpoint);

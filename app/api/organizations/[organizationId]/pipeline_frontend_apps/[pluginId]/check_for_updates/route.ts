import { serve } from "@/lib/api/endpoint";
import { pipelineEndpoints } from "@/lib/plugins/endpoints";

const { pipelineFrontendAppsCheckForUpdatesEndpoint } = pipelineEndpoints.pipeline_frontend_apps;

export const { GET, POST, PUT, PATCH, DELETE } = serve(pipelineFrontendAppsCheckForUpdatesEndpoint);

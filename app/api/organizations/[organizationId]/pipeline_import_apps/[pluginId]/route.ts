import { serve } from "@/lib/api/endpoint";
import { pipelineEndpoints } from "@/lib/plugins/endpoints";

const { pipelineImportAppsRetrieveEndpoint, pipelineImportAppsPartialUpdateEndpoint, pipelineImportAppsDestroyEndpoint } =
  pipelineEndpoints.pipeline_import_apps;

export const { GET, POST, PUT, PATCH, DELETE } = serve(
  pipelineImportAppsRetrieveEndpoint,
  pipelineImportAppsPartialUpdateEndpoint,
  pipelineImportAppsDestroyEndpoint,
);

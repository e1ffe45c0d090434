import { serve } from "@/lib/api/endpoint";
import { pipelineEndpoints } from "@/lib/plugins/endpoints";

const { pipelineTransformationsListEndpoint, pipelineTransformationsCreateEndpoint } = pipelineEndpoints.pipeline_transformations;

export const { GET, POST, PUT, PATCH, DELETE } = serve(pipelineTransformationsListEndpoint, pipelineTransformationsCreateEndpoint);

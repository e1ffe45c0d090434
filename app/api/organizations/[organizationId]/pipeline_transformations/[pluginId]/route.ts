import { serve } from "@/lib/api/endpoint";
import { pipelineEndpoints } from "@/lib/plugins/endpoints";

const { pipelineTransformationsRetrieveEndpoint } = pipelineEndpoints.pipeline_transformations;

export const { GET, POST, PUT, PATCH, DELETE } = serve(pipelineTransformationsRetrieveEndpoint);

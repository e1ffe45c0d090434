import { serve } from "@/lib/api/endpoint";
import { pipelineEndpoints } from "@/lib/plugins/endpoints";

const { pipelineDestinationsListEndpoint, pipelineDestinationsCreateEndpoint } = pipelineEndpoints.pipeline_destinations;

export const { GET, POST, PUT, PATCH, DELETE } = serve(pipelineDestinationsListEndpoint, pipelineDestinationsCreateEndpoint);

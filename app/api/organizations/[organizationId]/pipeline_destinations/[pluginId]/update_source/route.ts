import { serve } from "@/lib/api/endpoint";
import { pipelineEndpoints } from "@/lib/plugins/endpoints";

const { pipelineDestinationsUpdateSourceEndpoint } = pipelineEndpoints.pipeline_destinations;

export const { GET, POST, PUT, PATCH, DELETE } = serve(pipelineDestinationsUpdateSourceEndpoint);

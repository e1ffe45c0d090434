import { serve } from "@/lib/api/endpoint";
import { pipelineEndpoints } from "@/lib/plugins/endpoints";

const { pipelineDestinationsRetrieveEndpoint, pipelineDestinationsPartialUpdateEndpoint, pipelineDestinationsDestroyEndpoint } =
  pipelineEndpoints.pipeline_destinations;

export const { GET, POST, PUT, PATCH, DELETE } = serve(
  pipelineDestinationsRetrieveEndpoint,
  pipelineDestinationsPartialUpdateEndpoint,
  pipelineDestinationsDestroyEndpoint,
);

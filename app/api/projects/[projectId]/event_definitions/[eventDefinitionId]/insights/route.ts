import { serve } from "@/lib/api/endpoint";
import { eventDefinitionInsightsEndpoint } from "@/lib/definitions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(eventDefinitionInsightsEndpoint);

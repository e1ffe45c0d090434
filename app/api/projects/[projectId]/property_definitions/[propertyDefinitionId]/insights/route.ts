import { serve } from "@/lib/api/endpoint";
import { propertyDefinitionInsightsEndpoint } from "@/lib/definitions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(propertyDefinitionInsightsEndpoint);

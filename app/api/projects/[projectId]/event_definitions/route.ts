import { serve } from "@/lib/api/endpoint";
import { listEventDefinitionsEndpoint } from "@/lib/definitions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listEventDefinitionsEndpoint);

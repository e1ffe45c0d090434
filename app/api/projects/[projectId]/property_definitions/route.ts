import { serve } from "@/lib/api/endpoint";
import { listPropertyDefinitionsEndpoint } from "@/lib/definitions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listPropertyDefinitionsEndpoint);

import { serve } from "@/lib/api/endpoint";
import { schemaEndpoint } from "@/lib/openapi/document";

export const { GET, POST, PUT, PATCH, DELETE } = serve(schemaEndpoint);

import { serve } from "@/lib/api/endpoint";
import { createApiKeyEndpoint, listApiKeysEndpoint } from "@/lib/api-keys/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listApiKeysEndpoint, createApiKeyEndpoint);

import { serve } from "@/lib/api/endpoint";
import { deleteApiKeyEndpoint, retrieveApiKeyEndpoint, updateApiKeyEndpoint } from "@/lib/api-keys/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(retrieveApiKeyEndpoint, updateApiKeyEndpoint, deleteApiKeyEndpoint);

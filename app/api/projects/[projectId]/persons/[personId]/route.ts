import { serve } from "@/lib/api/endpoint";
import { retrievePersonEndpoint } from "@/lib/persons/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(retrievePersonEndpoint);

import { serve } from "@/lib/api/endpoint";
import { listPersonsEndpoint } from "@/lib/persons/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listPersonsEndpoint);

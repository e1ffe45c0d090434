import { serve } from "@/lib/api/endpoint";
import { currentPersonValuesEndpoint } from "@/lib/definitions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(currentPersonValuesEndpoint);

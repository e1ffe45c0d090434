import { serve } from "@/lib/api/endpoint";
import { personValuesEndpoint } from "@/lib/definitions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(personValuesEndpoint);

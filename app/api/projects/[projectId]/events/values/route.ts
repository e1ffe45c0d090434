import { serve } from "@/lib/api/endpoint";
import { eventValuesEndpoint } from "@/lib/definitions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(eventValuesEndpoint);

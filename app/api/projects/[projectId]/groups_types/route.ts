import { serve } from "@/lib/api/endpoint";
import { listGroupTypesEndpoint } from "@/lib/groups/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listGroupTypesEndpoint);

import { serve } from "@/lib/api/endpoint";
import { listGroupsEndpoint } from "@/lib/groups/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listGroupsEndpoint);

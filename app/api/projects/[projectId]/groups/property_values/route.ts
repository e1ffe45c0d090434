import { serve } from "@/lib/api/endpoint";
import { groupPropertyValuesEndpoint } from "@/lib/groups/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(groupPropertyValuesEndpoint);

import { serve } from "@/lib/api/endpoint";
import { relatedActorsEndpoint } from "@/lib/groups/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(relatedActorsEndpoint);

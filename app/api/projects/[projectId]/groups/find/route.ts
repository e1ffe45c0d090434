import { serve } from "@/lib/api/endpoint";
import { findGroupEndpoint } from "@/lib/groups/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(findGroupEndpoint);

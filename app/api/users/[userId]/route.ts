import { serve } from "@/lib/api/endpoint";
import { meEndpoint, updateMeEndpoint } from "@/lib/users/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(meEndpoint, updateMeEndpoint);

import { serve } from "@/lib/api/endpoint";
import { logoutEndpoint } from "@/lib/users/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(logoutEndpoint);

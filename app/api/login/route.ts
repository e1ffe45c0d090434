import { serve } from "@/lib/api/endpoint";
import { loginEndpoint } from "@/lib/users/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(loginEndpoint);

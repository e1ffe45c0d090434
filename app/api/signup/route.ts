import { serve } from "@/lib/api/endpoint";
import { signupEndpoint } from "@/lib/users/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(signupEndpoint);

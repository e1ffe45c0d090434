import { serve } from "@/lib/api/endpoint";
import { logoutEverywhereEndpoint } from "@/lib/users/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(logoutEverywhereEndpoint);

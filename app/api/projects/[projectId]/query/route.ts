import { serve } from "@/lib/api/endpoint";
import { runQueryEndpoint } from "@/lib/query/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(runQueryEndpoint);

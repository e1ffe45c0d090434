import { serve } from "@/lib/api/endpoint";
import { cancelQueryEndpoint, queryStatusEndpoint } from "@/lib/query/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(queryStatusEndpoint, cancelQueryEndpoint);

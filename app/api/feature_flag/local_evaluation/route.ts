import { serve } from "@/lib/api/endpoint";
import { localEvaluationEndpoint } from "@/lib/flags/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(localEvaluationEndpoint);

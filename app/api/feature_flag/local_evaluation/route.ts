import { serve } from "@/lib/api/endpoint";
import { localEvaluationEndpoint } from "@/lib/capture/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(localEvaluationEndpoint);

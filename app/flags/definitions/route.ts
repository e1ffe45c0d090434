import { serve } from "@/lib/api/endpoint";
import { localEvaluationEndpoint } from "@/lib/flags/endpoints";

// posthog-node 5 polls here what older SDKs fetch from /api/feature_flag/local_evaluation/.
export const { GET, POST, PUT, PATCH, DELETE } = serve(localEvaluationEndpoint);

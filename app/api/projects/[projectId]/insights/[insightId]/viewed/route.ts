import { serve } from "@/lib/api/endpoint";
import { insightViewedEndpoint } from "@/lib/insights/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(insightViewedEndpoint);

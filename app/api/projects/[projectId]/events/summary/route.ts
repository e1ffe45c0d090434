import { serve } from "@/lib/api/endpoint";
import { eventSummaryEndpoint } from "@/lib/events/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(eventSummaryEndpoint);

import { serve } from "@/lib/api/endpoint";
import { actionMatchingEventsEndpoint } from "@/lib/actions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(actionMatchingEventsEndpoint);

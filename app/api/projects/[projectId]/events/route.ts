import { serve } from "@/lib/api/endpoint";
import { listEventsEndpoint } from "@/lib/events/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listEventsEndpoint);

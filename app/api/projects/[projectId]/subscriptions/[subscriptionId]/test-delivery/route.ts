import { serve } from "@/lib/api/endpoint";
import { testDeliveryEndpoint } from "@/lib/subscriptions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(testDeliveryEndpoint);

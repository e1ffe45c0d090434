import { serve } from "@/lib/api/endpoint";
import { createSubscriptionEndpoint, listSubscriptionsEndpoint } from "@/lib/subscriptions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listSubscriptionsEndpoint, createSubscriptionEndpoint);

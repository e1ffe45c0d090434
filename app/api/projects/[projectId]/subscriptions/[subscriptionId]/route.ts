import { serve } from "@/lib/api/endpoint";
import {
  deleteSubscriptionEndpoint,
  replaceSubscriptionEndpoint,
  retrieveSubscriptionEndpoint,
  updateSubscriptionEndpoint,
} from "@/lib/subscriptions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(
  retrieveSubscriptionEndpoint,
  updateSubscriptionEndpoint,
  replaceSubscriptionEndpoint,
  deleteSubscriptionEndpoint,
);

import { serve } from "@/lib/api/endpoint";
import { createAlertEndpoint, listAlertsEndpoint } from "@/lib/alerts/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listAlertsEndpoint, createAlertEndpoint);

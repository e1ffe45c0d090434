import { serve } from "@/lib/api/endpoint";
import { deleteAlertEndpoint, replaceAlertEndpoint, retrieveAlertEndpoint, updateAlertEndpoint } from "@/lib/alerts/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(
  retrieveAlertEndpoint,
  updateAlertEndpoint,
  replaceAlertEndpoint,
  deleteAlertEndpoint,
);

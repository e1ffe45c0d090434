import { serve } from "@/lib/api/endpoint";
import { deleteActionEndpoint, replaceActionEndpoint, retrieveActionEndpoint, updateActionEndpoint } from "@/lib/actions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(
  retrieveActionEndpoint,
  updateActionEndpoint,
  replaceActionEndpoint,
  deleteActionEndpoint,
);

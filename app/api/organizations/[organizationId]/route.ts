import { serve } from "@/lib/api/endpoint";
import { deleteOrganizationEndpoint, retrieveOrganizationEndpoint, updateOrganizationEndpoint } from "@/lib/organizations/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(
  retrieveOrganizationEndpoint,
  updateOrganizationEndpoint,
  deleteOrganizationEndpoint,
);

import { serve } from "@/lib/api/endpoint";
import { createOrganizationEndpoint, listOrganizationsEndpoint } from "@/lib/organizations/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listOrganizationsEndpoint, createOrganizationEndpoint);

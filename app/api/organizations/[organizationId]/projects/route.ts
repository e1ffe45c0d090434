import { serve } from "@/lib/api/endpoint";
import { createOrganizationProjectEndpoint, listOrganizationProjectsEndpoint } from "@/lib/projects/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listOrganizationProjectsEndpoint, createOrganizationProjectEndpoint);

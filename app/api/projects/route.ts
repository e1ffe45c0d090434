import { serve } from "@/lib/api/endpoint";
import { createProjectEndpoint, listProjectsEndpoint } from "@/lib/projects/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listProjectsEndpoint, createProjectEndpoint);

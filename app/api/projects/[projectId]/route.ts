import { serve } from "@/lib/api/endpoint";
import { deleteProjectEndpoint, retrieveProjectEndpoint, updateProjectEndpoint } from "@/lib/projects/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(retrieveProjectEndpoint, updateProjectEndpoint, deleteProjectEndpoint);

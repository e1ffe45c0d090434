import { serve } from "@/lib/api/endpoint";
import { createActionEndpoint, listActionsEndpoint } from "@/lib/actions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listActionsEndpoint, createActionEndpoint);

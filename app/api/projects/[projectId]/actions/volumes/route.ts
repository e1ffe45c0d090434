import { serve } from "@/lib/api/endpoint";
import { actionVolumesEndpoint } from "@/lib/actions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(actionVolumesEndpoint);

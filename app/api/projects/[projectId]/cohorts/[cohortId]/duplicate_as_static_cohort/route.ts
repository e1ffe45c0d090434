import { serve } from "@/lib/api/endpoint";
import { duplicateAsStaticCohortEndpoint } from "@/lib/cohorts/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(duplicateAsStaticCohortEndpoint);

import { serve } from "@/lib/api/endpoint";
import { retrieveCohortEndpoint, updateCohortEndpoint, deleteCohortEndpoint } from "@/lib/cohorts/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(retrieveCohortEndpoint, updateCohortEndpoint, deleteCohortEndpoint);

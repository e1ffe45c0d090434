import { serve } from "@/lib/api/endpoint";
import { listCohortsEndpoint, createCohortEndpoint } from "@/lib/cohorts/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listCohortsEndpoint, createCohortEndpoint);

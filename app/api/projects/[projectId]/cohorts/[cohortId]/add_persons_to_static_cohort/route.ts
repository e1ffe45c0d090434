import { serve } from "@/lib/api/endpoint";
import { addPersonsToStaticCohortEndpoint } from "@/lib/cohorts/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(addPersonsToStaticCohortEndpoint);
